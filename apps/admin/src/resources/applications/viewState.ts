import type { CrudFilter, CrudSort } from "@refinedev/core";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * The applicant section's state in the address (STYLE: a reload or a shared link shows the same
 * view), each key prefixed `a_` so it never meets the page's own parameters.
 */
const VIEW_PARAMS = {
  stage: "a_stage",
  attendance: "a_attendance",
  applicant_type: "a_type",
  registration: "a_registration",
  q: "a_q",
  sort: "a_sort",
  order: "a_order",
  page: "a_page",
  size: "a_size",
  view: "a_view",
  open: "a_open",
} as const;

/** The list filters the section offers, each kept under its own address key. */
export const APPLICANT_FILTERS = ["stage", "attendance", "applicant_type", "registration"] as const;
export type ApplicantFilter = (typeof APPLICANT_FILTERS)[number];

export type ApplicantView = "table" | "board" | "rollcall";
const VIEWS: readonly ApplicantView[] = ["table", "board", "rollcall"];
export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_SORT: CrudSort = { field: "applied_at", order: "desc" };

export interface ApplicantViewState {
  filters: Record<ApplicantFilter, string | undefined>;
  q: string;
  sort: CrudSort;
  page: number;
  pageSize: number;
  view: ApplicantView;
  /** The applicant whose details are open. */
  openId: number | null;
}

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** The section's state as the address holds it; anything missing or unreadable takes its default. */
export function readApplicantView(params: URLSearchParams): ApplicantViewState {
  const filters = Object.fromEntries(
    APPLICANT_FILTERS.map((field) => [field, params.get(VIEW_PARAMS[field]) || undefined]),
  ) as ApplicantViewState["filters"];
  const sortField = params.get(VIEW_PARAMS.sort);
  const order = params.get(VIEW_PARAMS.order) === "asc" ? "asc" : "desc";
  const size = positive(params.get(VIEW_PARAMS.size), DEFAULT_PAGE_SIZE);
  const open = positive(params.get(VIEW_PARAMS.open), 0);
  return {
    filters,
    q: params.get(VIEW_PARAMS.q) ?? "",
    sort: sortField ? { field: sortField, order } : DEFAULT_SORT,
    page: positive(params.get(VIEW_PARAMS.page), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    view: VIEWS.find((view) => view === params.get(VIEW_PARAMS.view)) ?? "table",
    openId: open || null,
  };
}

/** The state's filters in the list's terms, the posting's own first. */
export function crudFiltersOf(state: ApplicantViewState, postingFilter: string, postingId: number): CrudFilter[] {
  const filters: CrudFilter[] = [{ field: postingFilter, operator: "eq", value: postingId }];
  for (const [field, value] of Object.entries(state.filters)) {
    if (value) filters.push({ field, operator: "eq", value });
  }
  if (state.q) filters.push({ field: "q", operator: "eq", value: state.q });
  return filters;
}

export type ViewChanges = Partial<Record<keyof typeof VIEW_PARAMS, string | number | null | undefined>>;

/** The section's state from the address, and a way to change it (filters go back to page 1). */
export function useApplicantViewState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readApplicantView(params), [params]);
  const update = useCallback(
    (changes: ViewChanges, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            const key = VIEW_PARAMS[name as keyof typeof VIEW_PARAMS];
            if (value === undefined || value === null || value === "") next.delete(key);
            else next.set(key, String(value));
          }
          const narrows = Object.keys(changes).some((name) => name !== "page" && name !== "view" && name !== "open");
          if (narrows) next.delete(VIEW_PARAMS.page);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { state, update };
}
