import { type ComponentType, lazy } from "react";
import { NO_ACTIONS, type UseResourceActions } from "../engine/actions/types";
import type { DetailSectionProps, ListSummaryProps, ResourceBehaviour } from "../engine/behaviour";
import type { MenuPageProps } from "../shell/routes/MenuRouteContext";

/**
 * What the resources needing more than the generic pages do, each from its own folder: the
 * default export of `resources/<resource-name>/index.ts`, collected by folder name, so that a
 * resource's admin code is its folder and nothing else names it.
 */
const RESOURCE_BEHAVIOURS: Record<string, ResourceBehaviour> = Object.fromEntries(
  Object.entries(import.meta.glob<ResourceBehaviour>("./*/index.ts", { eager: true, import: "default" })).map(
    ([path, behaviour]) => [path.split("/")[1] as string, behaviour],
  ),
);

const GENERIC: ResourceBehaviour = {};

/** What the resource (or menu entry) of this name does beyond the generic pages; nothing for most. */
export const behaviourOf = (name: string): ResourceBehaviour =>
  Object.hasOwn(RESOURCE_BEHAVIOURS, name) ? (RESOURCE_BEHAVIOURS[name] as ResourceBehaviour) : GENERIC;

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

/**
 * One lazy component per resource, from the behaviour's loader `pick` names (null without one),
 * made once so that React keeps the same component between renders.
 */
function lazyPerResource<Props>(
  pick: (behaviour: ResourceBehaviour) => (() => Promise<{ default: ComponentType<Props> }>) | undefined,
): (name: string) => ComponentType<Props> | null {
  const made = new Map<string, ComponentType<Props> | null>();
  return (name) => {
    if (!made.has(name)) {
      const load = pick(behaviourOf(name));
      made.set(name, load ? lazy(load) : null);
    }
    return made.get(name) ?? null;
  };
}

/** The sections a resource's detail page shows below the record (lazy, one component per resource), or null. */
export const detailSectionsOf = lazyPerResource<DetailSectionProps>((behaviour) => behaviour.detailSections);

/** The summary a resource's list shows above its table (lazy, one component per resource), or null. */
export const listSummaryOf = lazyPerResource<ListSummaryProps>((behaviour) => behaviour.listSummary);

/** The page a learner gets for the entry instead of the console's table (lazy, one component per resource), or null. */
export const learnerPageOf = lazyPerResource<MenuPageProps>((behaviour) => behaviour.learnerPage);

export type { ResourceActions } from "../engine/actions/types";
