import type { MenuName, ResourceName } from "@csc/shared";
import { type ComponentType, lazy } from "react";
import { NO_ACTIONS, type UseResourceActions } from "../engine/actions/types";
import type { DetailSectionProps, ResourceBehaviour } from "../engine/behaviour";
import { companyProfile } from "./company-profile";
import { deletedUsers } from "./deleted-users";
import { enrolledLearners } from "./enrolments";
import { institutionDetails } from "./institution-details";
import { institutionFeatureProfile } from "./institution-feature-profile";
import { institutions } from "./institutions";
import { jobOpportunities } from "./job-opportunities";
import { learners } from "./learners";
import { learningEvents } from "./learning-events";
import { recruitersRequest } from "./recruiters-request";
import { scholarship } from "./scholarship";

/**
 * The one place that lists the resources needing more than the generic pages (only
 * where the generic page is not enough), each from its own folder `resources/<resource-name>/`.
 */
const RESOURCE_BEHAVIOURS: Partial<Record<MenuName | ResourceName, ResourceBehaviour>> = {
  "company-profile": companyProfile,
  courses: enrolledLearners,
  "deleted-users": deletedUsers,
  employees: learners,
  "enrichment-programs": enrolledLearners,
  "institution-details": institutionDetails,
  "institution-feature-profile": institutionFeatureProfile,
  institutions,
  "job-opportunities": jobOpportunities,
  "learning-events": learningEvents,
  "recruiters-request": recruitersRequest,
  scholarship,
  students: learners,
};

const GENERIC: ResourceBehaviour = {};

/** What the resource (or menu entry) of this name does beyond the generic pages; nothing for most. */
export const behaviourOf = (name: string): ResourceBehaviour =>
  RESOURCE_BEHAVIOURS[name as MenuName | ResourceName] ?? GENERIC;

const useNoActions: UseResourceActions = () => NO_ACTIONS;

/** A promise React's `use` reads at once: already settled, marked so. */
const settled = <T>(value: T): Promise<T> =>
  Object.assign(Promise.resolve(value), { status: "fulfilled" as const, value });

const actionHooks = new Map<string, Promise<UseResourceActions>>();

/**
 * A resource's own actions hook, for React's `use` (the page suspends while the resource's
 * actions load). One promise per resource, and the hook is fixed per resource, so the order of
 * hooks never changes.
 */
export function resourceActionsHook(name: string): Promise<UseResourceActions> {
  let hook = actionHooks.get(name);
  if (!hook) {
    const load = behaviourOf(name).actions;
    hook = load ? load().then((module) => module.default) : settled(useNoActions);
    actionHooks.set(name, hook);
  }
  return hook;
}

const detailSections = new Map<string, ComponentType<DetailSectionProps> | null>();

/** The sections a resource's detail page shows below the record (lazy, one component per resource), or null. */
export function detailSectionsOf(name: string): ComponentType<DetailSectionProps> | null {
  if (!detailSections.has(name)) {
    const load = behaviourOf(name).detailSections;
    detailSections.set(name, load ? lazy(load) : null);
  }
  return detailSections.get(name) ?? null;
}

export type { ResourceActions } from "../engine/actions/types";
