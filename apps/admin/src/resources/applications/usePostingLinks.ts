import { POSTING_TYPE_OPTIONS, POSTING_TYPES, type PostingType } from "@csc/shared";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useRelationLabelMaps } from "../../engine/display/useRelationLabels";
import type { FieldMeta, ResourceMeta } from "../../engine/types";
import { http } from "../../shell/providers/http";
import { useSession } from "../../shell/session/SessionContext";
import { type Application, POSTING_FILTER, postingIdOf } from "./posting";

/** The posting an application is to, as a list of a learner's applications shows it. */
export interface PostingLink {
  type: PostingType;
  typeLabel: string;
  title: string;
  /** The posting's page, only when the caller may read the posting; otherwise its title is plain text. */
  href: string | null;
}

const idsOf = (rows: readonly Application[], type: PostingType): number[] =>
  [
    ...new Set(
      rows
        .filter((row) => row.posting_type === type)
        .map(postingIdOf)
        .filter((id) => id !== null),
    ),
  ].sort((a, b) => a - b);

/**
 * The postings a page of applications is to: their titles through the applications' relation
 * options (as generic lists label relation columns), and a link to each one the caller may read —
 * the posting's own list answers exactly those (`GET /{posting}?id=…`, the API's reach deciding).
 */
export function usePostingLinks(
  meta: ResourceMeta | undefined,
  rows: readonly Application[],
  recordPath: (resource: string, id: number) => string | null,
) {
  const { t } = useTranslation("pipeline");
  const { resources } = useSession();
  const relationOf = (type: PostingType): FieldMeta | undefined =>
    meta?.fields.find((field) => field.name === POSTING_FILTER[type] && field.relation);
  const fields = POSTING_TYPES.map(relationOf).filter((field): field is FieldMeta => Boolean(field));
  const titles = useRelationLabelMaps(fields, rows);

  const wanted = POSTING_TYPES.map((type) => {
    const resource = relationOf(type)?.relation?.resource ?? "";
    const ids = idsOf(rows, type);
    // a posting links only where the user has its page and reads its resource at all
    const linkable =
      ids.length > 0 &&
      recordPath(resource, ids[0] ?? 0) !== null &&
      resources.some((candidate) => candidate.name === resource);
    return { type, resource, linkable, ids };
  });
  const reads = useQueries({
    queries: wanted.map(({ resource, linkable, ids }) => ({
      queryKey: ["csc", "readable-postings", resource, ids],
      queryFn: async () => {
        const { data } = await http.get<{ id: number }[]>(`/api/${resource}`, {
          params: { id: ids, _start: 0, _end: ids.length },
          paramsSerializer: { indexes: null },
        });
        return new Set(data.map((posting) => posting.id));
      },
      enabled: linkable,
      staleTime: 60_000,
      retry: false,
    })),
  });

  const typeLabels = Object.fromEntries(
    POSTING_TYPE_OPTIONS.map((option) => [option.value, t(option.labelKey, { defaultValue: option.label })]),
  ) as Record<PostingType, string>;
  return (row: Application): PostingLink => {
    const id = postingIdOf(row);
    const typeLabel = typeLabels[row.posting_type] ?? row.posting_type;
    const field = relationOf(row.posting_type);
    const title = id !== null && field ? titles.get(field.name)?.get(id) : undefined;
    const index = POSTING_TYPES.indexOf(row.posting_type);
    const resource = wanted[index]?.resource ?? "";
    const readable = id !== null && Boolean(wanted[index]?.linkable) && Boolean(reads[index]?.data?.has(id));
    return {
      type: row.posting_type,
      typeLabel,
      title: title || t("learnerApplications.postingFallback", { type: typeLabel, id: id ?? "—" }),
      href: readable && id !== null ? recordPath(resource, id) : null,
    };
  };
}
