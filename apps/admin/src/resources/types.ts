export type { FieldMeta, FieldOption, ListTab as TimeFilterName, ResourceMeta } from "@csc/shared";

/** A row of any resource. */
export type ResourceRecord = { id: number } & Record<string, unknown>;
