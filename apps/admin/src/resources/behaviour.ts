import type { CurrentUser } from "../session/types";
import type { UseResourceActions } from "./actions/types";

/**
 * What a resource does beyond the generic pages (list, detail, create, edit from `/api/meta`).
 * Each resource that needs more has its folder, `resources/<resource-name>/`, exporting one of
 * these; `registry.ts` is the one place that lists them. Generic code asks the registry, never
 * a resource's name.
 */
export interface ResourceBehaviour {
  /**
   * The entry is one record, the caller's own, instead of a list: its path shows it and `edit`
   * below it edits it. `recordId` finds it in the session; without one, the caller's list holds
   * exactly that record (the institution's plan).
   */
  singleRecord?: { recordId?: (user: CurrentUser) => number | undefined };
  /** Where a record opens below the list (spec §2: learners at `details/{id}`). */
  recordSegment?: "show" | "details";
  /** Creating starts from the add-institution menu (one item per institution type). */
  createFrom?: "add-institution-menu";
  /**
   * Actions on one record and on the selected rows: the module whose default export is the hook,
   * loaded with the resource's pages (the registry itself stays light: routes read it too).
   */
  actions?: () => Promise<{ default: UseResourceActions }>;
}
