import type { CrudFilter, CrudSort, DataProvider } from "@refinedev/core";
import dataProvider, { generateFilter, generateSort, stringify } from "@refinedev/simple-rest";
import { http } from "./http";

const API = "/api";

/** Extra query parameters a call carries in `meta.query` (the list's `?type=` time filter, a deletion's `reason`). */
type ExtraQuery = Record<string, string | number | undefined | null>;
const extraOf = (meta: Record<string, unknown> | undefined): ExtraQuery =>
  (meta?.query as ExtraQuery | undefined) ?? {};

/** The simple-rest list query for filters and sorters, plus extras; exports use the same. */
export function listQueryString(filters: CrudFilter[] = [], sorters: CrudSort[] = [], extra: ExtraQuery = {}): string {
  const query: Record<string, unknown> = { ...generateFilter(filters) };
  const sort = generateSort(sorters);
  if (sort) {
    query._sort = sort._sort.join(",");
    query._order = sort._order.join(",");
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== null && value !== "") query[name] = value;
  }
  return stringify(query);
}

const rest = dataProvider(API, http);

/**
 * simple-rest v6 over our axios instance: same bearer header, 401 handling and errors.
 * Lists and deletions also send `meta.query`, which simple-rest itself would drop.
 */
export const restDataProvider: DataProvider = {
  ...rest,
  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const { currentPage = 1, pageSize = 10, mode = "server" } = pagination ?? {};
    const paging = mode === "server" ? { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize } : {};
    const query = listQueryString(filters, sorters, { ...paging, ...extraOf(meta) });
    const response = await http.get(`${API}/${resource}${query ? `?${query}` : ""}`);
    const total = Number(response.headers["x-total-count"]);
    return { data: response.data, total: Number.isFinite(total) ? total : response.data.length };
  },
  deleteOne: async ({ resource, id, meta }) => {
    const query = listQueryString([], [], extraOf(meta));
    const { data } = await http.delete(`${API}/${resource}/${id}${query ? `?${query}` : ""}`);
    return { data };
  },
};
