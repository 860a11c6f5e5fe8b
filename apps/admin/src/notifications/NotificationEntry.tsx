import type { NotificationRow } from "@csc/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { focusPageHeading } from "../components/focus-return";
import { formatDateTime } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";

interface NotificationEntryProps {
  notification: NotificationRow;
  /** Following its link: the caller marks it read (and closes the bell). */
  onOpen: (notification: NotificationRow) => void;
  /** Buttons beside it (the page's "Mark as read"). */
  actions?: ReactNode;
}

/**
 * One notification, in the bell and on the page: its title a link to the page it is about, its
 * words, and when. An unread one is marked by a dot, a bold title and the word "Unread" (never by
 * colour alone); its link's name starts with "Unread" for whoever hears it rather than sees it.
 */
export function NotificationEntry({ notification, onOpen, actions }: NotificationEntryProps) {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const unread = notification.read_at === null;
  return (
    <div
      className={`csc-notice${unread ? " csc-notice--unread" : ""}`}
      data-testid="notification"
      data-unread={unread}
      data-kind={notification.kind}
    >
      <span className="csc-notice__dot" aria-hidden="true" />
      <div className="csc-notice__text">
        <Link
          to={notification.link}
          className="csc-notice__title"
          onClick={() => {
            // the page it leads to gives its heading the focus, not the body
            focusPageHeading({ afterNavigation: true });
            onOpen(notification);
          }}
        >
          {unread ? (
            <>
              <span className="csc-visually-hidden">{t("unreadPrefix")}</span>{" "}
            </>
          ) : null}
          {notification.title}
        </Link>
        <p className="csc-notice__body">{notification.body}</p>
        <p className="csc-notice__meta">
          {unread ? (
            <span className="csc-notice__state" aria-hidden="true">
              {t("unread")}
            </span>
          ) : null}
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, language)}</time>
        </p>
      </div>
      {actions ? <div className="csc-notice__actions">{actions}</div> : null}
    </div>
  );
}
