import type { FieldType, ResourceAction, ResourceName } from "@csc/shared";

/** One choice of an enum field, as `/api/meta` sends it (label in en-US, translated by key). */
export interface FieldOption {
  value: string | number | boolean;
  label: string;
  labelKey: string;
}

/** A field of a resource as the signed-in user may see and change it (`/api/meta`). */
export interface FieldMeta {
  name: string;
  type: FieldType;
  label: string;
  /** `fields:<name>`: the tag field is "tags" or "preferences" by role (spec §6). */
  labelKey: string;
  required: boolean;
  readOnly: boolean;
  list: boolean;
  filter: boolean;
  sort: boolean;
  search: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: FieldOption[];
  relation?: { resource: string; labelField: string; optionsUrl: string };
}

export type TimeFilterName = "current" | "expired" | "upcoming" | "ongoing";

/** A resource as the signed-in user may use it: actions and fields already cut to their abilities. */
export interface ResourceMeta {
  name: ResourceName;
  /** `?type=` tabs of the list (spec §4); the first is the default. */
  timeFilters: TimeFilterName[];
  /** Deleting keeps the row (Activity Logs → Deleted Users) and asks for a reason. */
  softDelete: boolean;
  titleField: string;
  defaultSort: { field: string; order: "asc" | "desc" };
  actions: ResourceAction[];
  fields: FieldMeta[];
}

/** A row of any resource. */
export type ResourceRecord = { id: number } & Record<string, unknown>;
