import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/** Axe over every menu entry of the college's admin, editor and viewer (see accessibility.e2e.test.ts). */
checkEveryMenuEntry(A11Y_GROUPS.college);
