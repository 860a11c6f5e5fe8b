import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/**
 * Every menu entry of superadmin and the Skill Lab admin opens a working page, clean under axe
 * (see accessibility.e2e.test.ts).
 */
checkEveryMenuEntry(A11Y_GROUPS.providerAdmins);
