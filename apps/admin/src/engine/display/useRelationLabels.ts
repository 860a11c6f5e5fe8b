import { useQueries, useQuery } from "@tanstack/react-query";
import { http } from "../../shell/providers/http";
import type { FieldMeta } from "../types";

interface RelationOption {
  value: number;
  label: string;
}

/** `GET <optionsUrl>?q=&id=`: choices of a relation field (never the target's own list). */
export async function fetchRelationOptions(
  optionsUrl: string,
  params: { q?: string; ids?: number[] },
): Promise<RelationOption[]> {
  const { data } = await http.get<RelationOption[]>(optionsUrl, {
    params: { ...(params.q ? { q: params.q } : {}), ...(params.ids?.length ? { id: params.ids } : {}) },
    paramsSerializer: { indexes: null },
  });
  return data;
}

const idsOf = (values: unknown[]): number[] =>
  [...new Set(values.filter((value): value is number => typeof value === "number" && value > 0))].sort((a, b) => a - b);

/** The labels of the related rows a page shows, one request per relation field. */
export function useRelationLabels(field: FieldMeta | undefined, values: unknown[]): Map<number, string> {
  const ids = idsOf(values);
  const optionsUrl = field?.relation?.optionsUrl;
  const query = useQuery({
    queryKey: ["csc", "relation-labels", optionsUrl, ids],
    queryFn: () => fetchRelationOptions(optionsUrl ?? "", { ids }),
    enabled: Boolean(optionsUrl) && ids.length > 0,
    staleTime: 60_000,
  });
  return new Map((query.data ?? []).map((option) => [option.value, option.label]));
}

/** The labels of every relation field's values on a page of rows, one request per field: field name → id → label. */
export function useRelationLabelMaps(
  fields: FieldMeta[],
  rows: readonly Record<string, unknown>[],
): Map<string, Map<number, string>> {
  const wanted = fields
    .filter((field) => field.relation)
    .map((field) => ({ field, ids: idsOf(rows.map((row) => row[field.name])) }))
    .filter(({ ids }) => ids.length > 0);
  const results = useQueries({
    queries: wanted.map(({ field, ids }) => ({
      queryKey: ["csc", "relation-labels", field.relation?.optionsUrl, ids],
      queryFn: () => fetchRelationOptions(field.relation?.optionsUrl ?? "", { ids }),
      staleTime: 60_000,
    })),
  });
  const maps = new Map<string, Map<number, string>>();
  wanted.forEach(({ field }, index) => {
    maps.set(field.name, new Map((results[index]?.data ?? []).map((option) => [option.value, option.label])));
  });
  return maps;
}
