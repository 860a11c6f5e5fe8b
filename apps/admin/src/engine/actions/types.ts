import type { ReactNode } from "react";
import type { ActionMenuItem } from "../../components/ActionMenu";
import type { ResourceMeta, ResourceRecord } from "../types";

/** What a resource adds to the generic pages: actions on one record and on the selected rows. */
export interface ResourceActions {
  /** Items for one record: its row's three-dot menu and its detail page's buttons. */
  recordItems: (record: ResourceRecord, title: string) => ActionMenuItem[];
  /** Buttons for the selected rows (empty when there are none). */
  bulkButtons: (ids: number[], clearSelection: () => void) => ReactNode;
  /** The modals the actions open. */
  element: ReactNode;
}

export type UseResourceActions = (meta: ResourceMeta, options: { onDone?: () => void }) => ResourceActions;

export const NO_ACTIONS: ResourceActions = { recordItems: () => [], bulkButtons: () => null, element: null };
