/**
 * Where the focus goes after a dialog or a save: back to the control that opened the
 * dialog when it is still on the page, otherwise to the page's heading — never lost on `<body>`.
 */

/** The button of a menu whose item opened a dialog: the item is gone once the menu closes. */
let menuOpener: { button: HTMLElement; at: number } | null = null;
/** An item that opened no dialog leaves its menu's button behind: stale after this long. */
const OPENER_FRESH_MS = 1000;
/** A save or deletion led to another page: its heading takes the focus when it appears. */
let headingPending = false;

const HEADING = "[data-page-heading]";

/** A menu's button, remembered as the opener of whatever its item opens next. */
export function rememberMenuOpener(button: HTMLElement | null): void {
  menuOpener = button ? { button, at: Date.now() } : null;
}

/**
 * The menu button a dialog opening now returns to, when a menu item opened it; null otherwise (a
 * dialog opened by a button gets back to it by antd's own rule).
 */
export function takeMenuOpener(): HTMLElement | null {
  const remembered = menuOpener && Date.now() - menuOpener.at < OPENER_FRESH_MS ? menuOpener.button : null;
  menuOpener = null;
  return remembered;
}

/** Focuses the page heading now when there is one, or the next one to appear (after a navigation). */
export function focusPageHeading({ afterNavigation = false }: { afterNavigation?: boolean } = {}): void {
  headingPending = true;
  if (afterNavigation) return;
  const heading = document.querySelector<HTMLElement>(HEADING);
  if (heading) {
    heading.focus({ preventScroll: false });
    headingPending = false;
  }
}

/** A heading just mounted takes the focus a save or deletion asked for. */
export function claimPendingHeadingFocus(heading: HTMLElement | null): void {
  if (!headingPending || !heading) return;
  headingPending = false;
  heading.focus();
}

/**
 * Once a dialog has closed: back to the menu button that opened it when it is still on the page;
 * and when the focus has nowhere to go (its opener is gone), the page's heading.
 */
export function returnFocus(menuButton: HTMLElement | null): void {
  if (menuButton?.isConnected) {
    menuButton.focus();
    if (document.activeElement === menuButton) return;
  }
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) focusPageHeading();
}
