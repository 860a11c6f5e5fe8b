import { fieldType } from "@csc/shared";
import type { ResourceMeta, ResourceRecord } from "../types";
import { useRelationLabels } from "./useRelationLabels";

/** What a record is called: its title field, or the related row's label when the title is a relation. */
export function useRecordTitle(meta: ResourceMeta, record: ResourceRecord | undefined): string {
  const field = meta.fields.find((candidate) => candidate.name === meta.titleField);
  const value = record?.[meta.titleField];
  const relation = field && fieldType(field.type).references === "row" ? field : undefined;
  const labels = useRelationLabels(relation, relation ? [value] : []);
  if (!record) return "";
  if (relation && typeof value === "number") return labels.get(value) ?? `#${value}`;
  return typeof value === "string" || typeof value === "number" ? String(value) : `#${record.id}`;
}
