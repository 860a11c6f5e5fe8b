export type { FieldMeta, FieldOption, ResourceMeta, TimeWindowFilter as TimeFilterName } from "@csc/shared";

/** A row of any resource. */
export type ResourceRecord = { id: number } & Record<string, unknown>;
