import { SettingOutlined } from "@ant-design/icons";
import type { NotificationRow } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Alert, Button, Pagination, Segmented, Skeleton } from "antd";
import { type ReactNode, useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AppCard } from "../components/AppCard";
import { EmptyState } from "../components/EmptyState";
import { returnFocus } from "../components/focus-return";
import { PageHeader } from "../components/PageHeader";
import { useMarkRead, useNotifications, useUnreadCount } from "./api";
import { NotificationEntry } from "./NotificationEntry";
import { NOTIFICATION_SETTINGS_PATH } from "./paths";
import "./notifications.css";

const PAGE_SIZE = 20;
type Filter = "all" | "unread";

/** The list as the address holds it (`?filter=unread&page=2`): a reload or a shared link shows the same. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const filter: Filter = params.get("filter") === "unread" ? "unread" : "all";
  const asked = Number(params.get("page"));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  /** A new filter starts again at page 1. */
  const update = useCallback(
    (next: { filter?: Filter; page?: number }) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next.filter !== undefined) {
          if (next.filter === "all") updated.delete("filter");
          else updated.set("filter", next.filter);
        }
        if (next.page && next.page > 1) updated.set("page", String(next.page));
        else updated.delete("page");
        return updated;
      }),
    [setParams],
  );
  return { filter, page, update };
}

/** After a notification's own button is gone (it was read), the keyboard goes on from its title. */
function focusTitleOf(id: number) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-notification-id="${id}"] .csc-notice__title`)?.focus();
    returnFocus(null);
  });
}

/**
 * `/notifications`: every notification of the person, newest first, a page at a time; all of them
 * or the unread ones; each marked read by following it or by its button; all at once from the top.
 */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { open } = useNotification();
  const { filter, page, update } = useListState();
  const unreadOnly = filter === "unread";
  const list = useNotifications({ start: (page - 1) * PAGE_SIZE, end: page * PAGE_SIZE, unread: unreadOnly });
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  // the unread ones just read left this page empty: the last page that has some
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > lastPage) update({ page: lastPage });
  }, [list.isSuccess, list.isPlaceholderData, page, lastPage, update]);

  const failed = () => open?.({ key: "notifications-read", type: "error", message: t("markFailed") });
  const markAll = () =>
    markRead.mutate(undefined, {
      onSuccess: () => open?.({ key: "notifications-read", type: "success", message: t("markedAll") }),
      onError: failed,
    });
  const markOne = (notification: NotificationRow) =>
    markRead.mutate([notification.id], { onSuccess: () => focusTitleOf(notification.id), onError: failed });
  const opened = (notification: NotificationRow) => {
    if (notification.read_at === null) markRead.mutate([notification.id]);
  };

  let content: ReactNode;
  if (list.isPending) {
    content = <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  } else if (list.isError) {
    content = <Alert type="error" showIcon message={t("loadFailed")} />;
  } else if (rows.length === 0) {
    content = (
      <div data-testid="notifications-empty">
        <EmptyState message={t(unreadOnly ? "page.emptyUnread" : "page.empty")} />
      </div>
    );
  } else {
    content = (
      <>
        <ul className="csc-notices" aria-label={t("page.list")} data-testid="notifications-list">
          {rows.map((notification) => (
            <li key={notification.id} data-notification-id={notification.id}>
              <NotificationEntry
                notification={notification}
                onOpen={opened}
                actions={
                  notification.read_at === null ? (
                    <Button
                      size="small"
                      onClick={() => markOne(notification)}
                      aria-label={t("markReadOf", { title: notification.title })}
                      data-testid="notification-mark-read"
                    >
                      {t("markRead")}
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
        {total > PAGE_SIZE ? (
          <Pagination
            className="csc-notices__pager"
            current={Math.min(page, lastPage)}
            pageSize={PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={(next) => update({ page: next })}
          />
        ) : null}
      </>
    );
  }

  return (
    <div data-testid="notifications-page">
      <PageHeader
        title={t("title")}
        subtitle={t("page.subtitle")}
        extra={
          <Button onClick={markAll} disabled={unread === 0} loading={markRead.isPending && !markRead.variables}>
            {t("bell.markAll")}
          </Button>
        }
      />
      <div className="csc-notices__bar">
        <Segmented<Filter>
          aria-label={t("page.filter")}
          value={filter}
          onChange={(next) => update({ filter: next })}
          options={[
            { value: "all", label: t("page.all") },
            { value: "unread", label: t("page.unread") },
          ]}
          data-testid="notifications-filter"
        />
        <Link
          to={NOTIFICATION_SETTINGS_PATH}
          className="csc-notices__settings"
          data-testid="notification-settings-link"
        >
          <SettingOutlined aria-hidden="true" /> {t("bell.settings")}
        </Link>
      </div>
      <AppCard>{content}</AppCard>
    </div>
  );
}
