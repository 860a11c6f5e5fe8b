import type { ResourceBehaviour } from "../behaviour";

/** Students and employees (one behaviour, registered for both): spec §2 opens them at `details/{id}`. */
export const learners: ResourceBehaviour = { recordSegment: "details" };
