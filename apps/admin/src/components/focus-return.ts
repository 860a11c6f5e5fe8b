/**
 * Where the focus goes after a dialog or a save (issue 20): back to the control that opened the
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

/** The control a dialog opening now returns to: a remembered menu button, or the focused element. */
export function takeOpener(): HTMLElement | null {
  const remembered = menuOpener && Date.now() - menuOpener.at < OPENER_FRESH_MS ? menuOpener.button : null;
  menuOpener = null;
  const opener = remembered ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  return opener && opener !== document.body ? opener : null;
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

/** Back to the opener when it is still on the page and can take the focus, else the heading. */
export function returnFocus(opener: HTMLElement | null): void {
  if (opener?.isConnected && !opener.closest("[inert], [aria-hidden='true']")) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  focusPageHeading();
}
