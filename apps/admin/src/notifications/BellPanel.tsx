import { BELL_LIMIT, type NotificationRow } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Alert, Button, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { focusPageHeading } from "../components/focus-return";
import { useMarkRead, useNotifications, useUnreadCount } from "./api";
import { NotificationEntry } from "./NotificationEntry";
import { NOTIFICATION_SETTINGS_PATH, NOTIFICATIONS_PATH } from "./paths";

interface BellPanelProps {
  headingId: string;
  /** Leaving for another page (a notification, "See all"): the bell closes and keeps no focus. */
  onLeave: () => void;
}

/**
 * What the bell opens: the latest notifications (BELL_LIMIT), the unread ones marked, each a link
 * that marks it read; "Mark all as read"; and the way to the whole list and to the settings.
 * Loaded with the first opening, not with every page.
 */
export default function BellPanel({ headingId, onLeave }: BellPanelProps) {
  const { t } = useTranslation("notifications");
  const { open } = useNotification();
  const latest = useNotifications({ start: 0, end: BELL_LIMIT });
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const rows = latest.data?.rows ?? [];
  const anyUnread = unread > 0 || rows.some((row) => row.read_at === null);

  const openNotification = (notification: NotificationRow) => {
    if (notification.read_at === null) markRead.mutate([notification.id]);
    onLeave();
  };
  const markAll = () =>
    markRead.mutate(undefined, {
      onSuccess: () => open?.({ key: "notifications-read", type: "success", message: t("markedAll") }),
      onError: () => open?.({ key: "notifications-read", type: "error", message: t("markFailed") }),
    });
  const leaveTo = () => {
    focusPageHeading({ afterNavigation: true });
    onLeave();
  };

  let content: ReactNode;
  if (latest.isPending) {
    content = (
      <div className="csc-bell__status" role="status" aria-label={t("bell.loading")}>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (latest.isError) {
    content = <Alert className="csc-bell__status" type="error" showIcon message={t("loadFailed")} />;
  } else if (rows.length === 0) {
    content = (
      <p className="csc-bell__status csc-bell__empty" data-testid="bell-empty">
        {t("bell.empty")}
      </p>
    );
  } else {
    content = (
      <ul className="csc-bell__list" aria-labelledby={headingId} data-testid="bell-list">
        {rows.map((notification) => (
          <li key={notification.id}>
            <NotificationEntry notification={notification} onOpen={openNotification} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="csc-bell__head">
        <h2 id={headingId} className="csc-bell__heading">
          {t("title")}
        </h2>
        <Button
          type="link"
          size="small"
          onClick={markAll}
          loading={markRead.isPending && markRead.variables === undefined}
          disabled={!anyUnread}
          data-testid="bell-mark-all"
        >
          {t("bell.markAll")}
        </Button>
      </div>
      <div className="csc-bell__body">{content}</div>
      <div className="csc-bell__foot">
        <Link to={NOTIFICATIONS_PATH} onClick={leaveTo} data-testid="bell-see-all">
          {t("bell.seeAll")}
        </Link>
        <Link to={NOTIFICATION_SETTINGS_PATH} onClick={leaveTo}>
          {t("bell.settings")}
        </Link>
      </div>
    </>
  );
}
