import type { ResourceName } from "@csc/shared";
import { useRestoreUserAction } from "./deleted-users";
import { useRecruiterRequestActions } from "./recruiter-requests";
import { NO_ACTIONS, type UseResourceActions } from "./types";

/** Per-resource additions to the generic pages (issue 4: only where the generic page is not enough). */
const RESOURCE_ACTIONS: Partial<Record<ResourceName, UseResourceActions>> = {
  "recruiters-request": useRecruiterRequestActions,
  "deleted-users": useRestoreUserAction,
};

const useNoActions: UseResourceActions = () => NO_ACTIONS;

/** A resource's own actions; the choice is fixed per resource, so the hook order never changes. */
export const resourceActionsHook = (name: ResourceName): UseResourceActions => RESOURCE_ACTIONS[name] ?? useNoActions;
export type { ResourceActions } from "./types";
