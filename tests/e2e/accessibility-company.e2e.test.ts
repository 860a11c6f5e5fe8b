import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/** Axe over every menu entry of the company's admin, editor and viewer (see accessibility.e2e.test.ts). */
checkEveryMenuEntry(A11Y_GROUPS.company);
