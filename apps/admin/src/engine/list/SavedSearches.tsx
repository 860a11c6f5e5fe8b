import { DownOutlined, PlusOutlined, StarOutlined } from "@ant-design/icons";
import { ALERT_RESOURCES, roleKind, type SavedSearchRow } from "@csc/shared";
import { useNotification } from "@refinedev/core";
import { Button, Popover, Skeleton } from "antd";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../shell/providers/http";
import { useSession } from "../../shell/session/SessionContext";
import { SavedSearchItem } from "./SavedSearchItem";
import type { SavedSearchDialog } from "./SavedSearchModal";
import { deleteSavedSearch, isOwnSearch, useRefreshSavedSearches, useSavedSearches } from "./savedSearches";
import "./savedSearches.css";

// the form opens on demand: no list, and no sign-in page, carries it before
const loadModal = () => import("./SavedSearchModal");
const SavedSearchModal = lazy(loadModal);

/**
 * On a phone the panel slides along the screen's edge rather than flip to the other side of its
 * button and off the screen; antd passes `shiftX` on to its trigger but types only the flips.
 */
const SLIDE_ALONG_EDGE = { adjustY: 1 as const, shiftX: 1 };

interface SavedSearchesProps {
  /** The list's resource: its saved searches, and what a new one is saved for. */
  resource: string;
  /** The list's query as it stands, without paging (data.ts `listQueryString`): what "Save current search" keeps. */
  currentQuery: string;
  /** Puts a saved search's filters, sort and tab on the list. */
  onApply: (search: SavedSearchRow) => void;
}

/**
 * "Saved searches" beside a list's filters: the searches kept for this list (the user's own, and
 * the ones their institution's staff shared, marked), one click to apply one, and "Save current
 * search…". Institution staff may share theirs; a learner's search of postings may alert them.
 */
export function SavedSearches({ resource, currentQuery, onApply }: SavedSearchesProps) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const { user, role } = useSession();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [dialog, setDialog] = useState<SavedSearchDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const searches = useSavedSearches(resource, asked);
  const refresh = useRefreshSavedSearches();

  const canShare = roleKind(role) === "institution" && Boolean(user.institution);
  const canAlert = roleKind(role) === "learner" && ALERT_RESOURCES.includes(resource);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      setAsked(true);
      loadModal().catch(() => {});
    }
  };
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const openDialog = (next: SavedSearchDialog) => {
    setOpen(false);
    setDialog(next);
    setDialogOpen(true);
  };
  const apply = (search: SavedSearchRow) => {
    close();
    onApply(search);
    notify?.({ key: "saved-search", type: "success", message: t("savedSearches.applied", { name: search.name }) });
  };
  const remove = async (search: SavedSearchRow) => {
    try {
      await deleteSavedSearch(search.id);
      notify?.({ key: "saved-search", type: "success", message: t("savedSearches.deleted", { name: search.name }) });
      trigger.current?.focus();
    } catch (error) {
      const message = isApiError(error) ? error.message : t("savedSearches.deleteFailed");
      notify?.({ key: "saved-search", type: "error", message });
    } finally {
      await refresh();
    }
  };

  const rows = searches.data ?? [];
  let body: ReactNode;
  if (searches.isError) {
    body = (
      <div className="csc-saved-searches__note" role="alert">
        <p>{t("savedSearches.loadFailed")}</p>
        <Button size="small" onClick={() => void searches.refetch()}>
          {t("buttons.retry")}
        </Button>
      </div>
    );
  } else if (searches.isLoading) {
    body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else if (rows.length === 0) {
    body = (
      <p className="csc-saved-searches__note" data-testid="saved-searches-empty">
        {t("savedSearches.empty")}
      </p>
    );
  } else {
    body = (
      <ul className="csc-saved-searches__list" aria-label={t("savedSearches.title")}>
        {rows.map((search) => (
          <SavedSearchItem
            key={search.id}
            search={search}
            own={isOwnSearch(search, user.id)}
            onApply={() => apply(search)}
            onEdit={() => openDialog({ kind: "edit", search, query: currentQuery })}
            onDelete={() => remove(search)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        autoAdjustOverflow={SLIDE_ALONG_EDGE}
        // shifted so, an arrow would point beside the button
        arrow={false}
        open={open}
        onOpenChange={changeOpen}
        // the first control takes the focus: the panel sits at the end of the page, out of the tab order
        afterOpenChange={(visible) => {
          if (visible) panel.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
        }}
        title={t("savedSearches.title")}
        content={
          // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it, as a menu's does
          <div
            ref={panel}
            className="csc-saved-searches"
            data-testid="saved-searches-panel"
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                close();
              }
            }}
          >
            {body}
            <Button
              block
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => openDialog({ kind: "create", resource, query: currentQuery })}
              data-testid="saved-search-save"
            >
              {t("savedSearches.saveCurrent")}
            </Button>
          </div>
        }
      >
        <Button
          ref={trigger}
          icon={<StarOutlined aria-hidden="true" />}
          aria-expanded={open}
          aria-haspopup="dialog"
          data-testid="saved-searches"
        >
          {t("savedSearches.button")} <DownOutlined aria-hidden="true" className="csc-saved-searches__caret" />
        </Button>
      </Popover>
      {dialog ? (
        <Suspense fallback={null}>
          <SavedSearchModal
            dialog={dialog}
            open={dialogOpen}
            canShare={canShare}
            canAlert={canAlert}
            onClose={() => setDialogOpen(false)}
            afterClose={() => {
              setDialog(null);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
