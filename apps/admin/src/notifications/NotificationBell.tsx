import { BellOutlined } from "@ant-design/icons";
import { localDigits } from "@csc/shared";
import { Badge, Button, theme } from "antd";
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../shell/providers/i18n";
import { useUnreadCount } from "./api";
import "./notifications.css";

/** The list, its buttons and its links arrive with the first opening. */
const BellPanel = lazy(() => import("./BellPanel"));

/** The panel is this wide, or the screen less a margin on either side on a phone. */
const PANEL_WIDTH = 380;
const SCREEN_MARGIN = 8;
/** Above this the count reads "99+". */
const MOST_COUNTED = 99;

interface Placement {
  top: number;
  left: number;
  width: number;
  maxHeight: number;
}

/** Under the bell, its right edge at the bell's, and always whole on the screen (a 390 px phone too). */
function placementBelow(button: HTMLElement): Placement {
  const box = button.getBoundingClientRect();
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * SCREEN_MARGIN);
  const left = Math.min(Math.max(box.right - width, SCREEN_MARGIN), window.innerWidth - width - SCREEN_MARGIN);
  const top = box.bottom + 4;
  return { top, left, width, maxHeight: window.innerHeight - top - SCREEN_MARGIN };
}

/**
 * The bell in the header of every signed-in screen: the unread count on it (asked every 30 s and
 * when the window comes back), and a panel of the latest notifications. Its name carries the count
 * ("Notifications, 3 unread"). Like the language switcher, a button and a panel of its own: Enter
 * or Space opens it with the focus inside, Escape closes it back onto the bell, and a click or the
 * focus moving outside closes it.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const { token } = theme.useToken();
  const count = useUnreadCount();
  const unread = count.data ?? 0;
  const [placement, setPlacement] = useState<Placement | null>(null);
  const open = placement !== null;
  const panelId = useId();
  const headingId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // react-query asks again when the tab comes back; this, when the window does (another application)
  const { refetch } = count;
  useEffect(() => {
    const again = () => void refetch({ cancelRefetch: false });
    window.addEventListener("focus", again);
    return () => window.removeEventListener("focus", again);
  }, [refetch]);

  const close = useCallback((refocus: boolean) => {
    setPlacement(null);
    if (refocus) button.current?.focus();
  }, []);

  // open: the focus goes inside, the panel follows the screen's size, and a click or focus outside closes it
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setPlacement(null);
    };
    const resize = () => {
      if (button.current) setPlacement(placementBelow(button.current));
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    window.addEventListener("resize", resize);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      window.removeEventListener("resize", resize);
    };
  }, [open]);

  const toggle = () => {
    if (open) close(false);
    else if (button.current) setPlacement(placementBelow(button.current));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  const shown = localDigits(unread > MOST_COUNTED ? `${MOST_COUNTED}+` : String(unread), language);
  return (
    <span ref={root} className="csc-bell">
      <Button
        ref={button}
        type="text"
        className="csc-bell__button"
        aria-label={unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        data-unread={unread}
        onClick={toggle}
        onKeyDown={onKeyDown}
      >
        <Badge
          count={
            unread > 0 ? (
              <span className="csc-bell__count" aria-hidden="true" data-testid="notification-count">
                {shown}
              </span>
            ) : null
          }
        >
          <BellOutlined aria-hidden="true" className="csc-bell__icon" />
        </Badge>
      </Button>
      {placement ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="csc-bell__panel"
          data-testid="notification-panel"
          onKeyDown={onKeyDown}
          style={{
            ...placement,
            background: token.colorBgElevated,
            color: token.colorText,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            zIndex: token.zIndexPopupBase + 50,
          }}
        >
          <Suspense fallback={<p className="csc-bell__status">{t("bell.loading")}</p>}>
            <BellPanel headingId={headingId} onLeave={() => close(false)} />
          </Suspense>
        </div>
      ) : null}
    </span>
  );
}
