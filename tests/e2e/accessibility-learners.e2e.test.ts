import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/**
 * Every menu entry of the student, the employee and the learner without an institution opens a
 * working page, clean under axe (see accessibility.e2e.test.ts).
 */
checkEveryMenuEntry(A11Y_GROUPS.learners);
