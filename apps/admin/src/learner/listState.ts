import { LIST_SCOPES, type ListScope } from "@csc/shared";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { filterValue } from "../engine/list/filters";
import { parseListQueryString } from "../engine/list/savedQuery";
import type { ResourceMeta } from "../engine/types";

/** A `?type=` tab of the resource (time windows, and the learner's own tabs). */
export type ListTab = ResourceMeta["timeFilters"][number];

export const PAGE_SIZE = 12;

/** The learner's list as the address holds it (a reload or a shared link shows the same cards). */
export interface LearnerListState {
  scope: ListScope;
  /** The `?type=` tab, when the resource has tabs. */
  type: ListTab | null;
  q: string;
  page: number;
}

const isScope = (value: string | null): value is ListScope => LIST_SCOPES.some((scope) => scope === value);

export function useLearnerListState(timeFilters: readonly ListTab[]) {
  const [params, setParams] = useSearchParams();
  const requestedType = params.get("type");
  const scopeParam = params.get("scope");
  const page = Number(params.get("page"));
  const state: LearnerListState = {
    scope: isScope(scopeParam) ? scopeParam : "all",
    type: timeFilters.find((filter) => filter === requestedType) ?? timeFilters[0] ?? null,
    q: params.get("q") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  /** Changes some of the state; anything but the page starts again at page 1. */
  const update = useCallback(
    (next: Partial<LearnerListState>) => {
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(next)) {
          if (value === null || value === "" || (name === "scope" && value === "all")) updated.delete(name);
          else updated.set(name, String(value));
        }
        if (next.page === undefined) updated.delete("page");
        return updated;
      });
    },
    [setParams],
  );
  return { state, update };
}

/**
 * Whether the list shows its `?type=` tabs: not on "Taken by me" (the learner's applications) nor
 * on "Saved", which hold what the learner took or kept whenever it takes place.
 */
export const showsTabs = (scope: ListScope) => scope !== "user-taken" && scope !== "user-saved";

/** What the learner's list of postings asks the API for (besides the page): a saved search keeps the same. */
export function postingListParams(meta: Pick<ResourceMeta, "defaultSort">, state: LearnerListState) {
  const { filters, sorters } = catalogueListParams(meta, state.q);
  const query = {
    type: showsTabs(state.scope) ? state.type : undefined,
    scope: state.scope === "all" ? undefined : state.scope,
  };
  return { filters, sorters, query };
}

/** What a learner's catalogue (courses, programs, roadmaps) asks the API for besides the page: its search words, in its own order. */
export function catalogueListParams(meta: Pick<ResourceMeta, "defaultSort">, q: string) {
  const filters: CrudFilter[] = q ? [{ field: "q", operator: "eq", value: q }] : [];
  const sorters: CrudSort[] = [{ field: meta.defaultSort.field, order: meta.defaultSort.order }];
  return { filters, sorters };
}

/** The search words a saved search's query holds. */
export const searchWordsOf = (query: string): string =>
  String(filterValue(parseListQueryString(query).filters, "q") ?? "");

/** The list state a saved search's query stands for (its tab, scope and search words), back at page 1. */
export function listStateOfQuery(timeFilters: readonly ListTab[], query: string): Partial<LearnerListState> {
  const { extra } = parseListQueryString(query);
  const scope = extra.scope ?? null;
  return {
    q: searchWordsOf(query),
    type: timeFilters.find((filter) => filter === extra.type) ?? null,
    scope: isScope(scope) ? scope : "all",
  };
}
