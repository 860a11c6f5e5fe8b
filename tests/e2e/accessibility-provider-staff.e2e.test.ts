import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/** Axe over every menu entry of the Skill Lab editor and viewer (see accessibility.e2e.test.ts). */
checkEveryMenuEntry(A11Y_GROUPS.providerStaff);
