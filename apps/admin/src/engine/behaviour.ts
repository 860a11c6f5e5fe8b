import type { ComponentType } from "react";
import type { MenuPageProps } from "../shell/routes/MenuRouteContext";
import type { CurrentUser } from "../shell/session/types";
import type { UseResourceActions } from "./actions/types";
import type { ResourceMeta, ResourceRecord } from "./types";

/** What a section below a record's details is given: the record shown, its resource, and whether the user may change it. */
export interface DetailSectionProps {
  record: ResourceRecord;
  meta: ResourceMeta;
  canUpdate: boolean;
  /**
   * Where a record of another resource opens for this user (their menu's entry for it), or null
   * where they have no page for it: given here, since a section's module may not import the
   * registry that loads it.
   */
  recordPath: (resource: string, id: number) => string | null;
}

/** What a summary above a list is given: the resource listed. */
export interface ListSummaryProps {
  meta: ResourceMeta;
}

/**
 * What a resource does beyond the generic pages (list, detail, create, edit from `/api/meta`).
 * Each resource that needs more has its folder, `resources/<resource-name>/`, whose `index.ts`
 * default-exports one of these; `resources/index.ts` collects them by folder. Generic code asks
 * `behaviourOf(name)`, never a resource's name.
 */
export interface ResourceBehaviour {
  /**
   * The entry is one record, the caller's own, instead of a list: its path shows it and `edit`
   * below it edits it. `recordId` finds it in the session; without one, the caller's list holds
   * exactly that record (the institution's plan).
   */
  singleRecord?: { recordId?: (user: CurrentUser) => number | undefined };
  /** Where a record opens below the list (learners at `details/{id}`). */
  recordSegment?: "show" | "details";
  /** Creating starts from the add-institution menu (one item per institution type). */
  createFrom?: "add-institution-menu";
  /**
   * Actions on one record and on the selected rows: the module whose default export is the hook,
   * loaded with the resource's pages (the registry itself stays light: routes read it too).
   */
  actions?: () => Promise<{ default: UseResourceActions }>;
  /**
   * Sections below the record on its detail page, for staff only (a posting's applicants): the
   * module whose default export is the component, loaded when a record of the resource opens.
   */
  detailSections?: () => Promise<{ default: ComponentType<DetailSectionProps> }>;
  /**
   * A summary above the list's table (the mail queue's counts by state): the module whose default
   * export is the component, loaded when the list opens.
   */
  listSummary?: () => Promise<{ default: ComponentType<ListSummaryProps> }>;
  /**
   * The page learners get instead of the console's table (cards of postings or courses to apply
   * to or enrol in): the module whose default export is the page, loaded when they open the entry.
   */
  learnerPage?: () => Promise<{ default: ComponentType<MenuPageProps> }>;
}
