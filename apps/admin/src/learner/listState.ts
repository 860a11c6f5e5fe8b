import { LIST_SCOPES, type ListScope } from "@csc/shared";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
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
