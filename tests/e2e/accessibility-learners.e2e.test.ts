import { A11Y_GROUPS, checkEveryMenuEntry } from "./support/axe";

/** Axe over every menu entry of the student, the employee and the learner without an institution (see accessibility.e2e.test.ts). */
checkEveryMenuEntry(A11Y_GROUPS.learners);
