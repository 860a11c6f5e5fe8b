import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/** Axe over every menu entry of superadmin and the Skill Lab admin (see accessibility.e2e.test.ts). */
checkEveryMenuEntry(A11Y_GROUPS.providerAdmins);
