import type { ResourceBehaviour } from "../../engine/behaviour";

/** User management: for a learner, their own account (at /account, the menu entry's learner path). */
const behaviour: ResourceBehaviour = { learnerPage: () => import("../../learner/AccountPage") };

export default behaviour;
