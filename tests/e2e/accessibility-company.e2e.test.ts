import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/**
 * Every menu entry of the company's admin, editor and viewer opens a working page, clean under axe
 * (see accessibility.e2e.test.ts).
 */
checkEveryMenuEntry(A11Y_GROUPS.company);
