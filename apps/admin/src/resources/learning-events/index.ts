import type { ResourceBehaviour } from "../../engine/behaviour";

/** Learning events: the detail page shows the posting's applicants to the staff who see them. */
export const learningEvents: ResourceBehaviour = { detailSections: () => import("./applicants") };
