import type { CrudFilter } from "@refinedev/core";
import type { ComponentType } from "react";
import type { FieldMeta, ResourceRecord } from "../engine/types";
import type { FieldInputProps } from "./inputs/types";

/** What a type's cell or detail value is given: a value that is never empty (the page shows the dash). */
export interface FieldValueProps {
  field: FieldMeta;
  value: unknown;
  record: ResourceRecord;
  /** Every field of the resource: the location cascade reads its parents. */
  fields: FieldMeta[];
  /** Labels of related rows, fetched once for a whole page of rows. */
  relationLabels?: Map<number, string>;
}

/** What a type's list filter is given; it answers the list's filters with its own one set or cleared. */
export interface FieldFilterProps {
  field: FieldMeta;
  fields: FieldMeta[];
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
  label: string;
  /** What every filter control wears: its label for screen readers, placeholder, clear button, class. */
  common: { "aria-label": string; placeholder: string; allowClear: true; className: string };
}

/**
 * How one field type looks in the admin: its list cell, its detail value, its form input and (when
 * shared field-types.ts gives it a filter) its list filter. The module named after the type
 * (`email.tsx`) exports one of these as its default; field-types/index.ts collects them.
 */
export interface FieldTypeView {
  Cell: ComponentType<FieldValueProps>;
  /** The detail page's value; the cell's when absent. */
  Detail?: ComponentType<FieldValueProps>;
  Input: ComponentType<FieldInputProps>;
  Filter?: ComponentType<FieldFilterProps>;
  /** Its list column: a fixed width, numbers to the right, long text cut with an ellipsis. */
  column?: { width?: number; align?: "right"; ellipsis?: boolean };
  /** Too long for a table cell: read on the detail page only. */
  notAColumn?: boolean;
  /** The input takes a form's whole width. */
  wideInForm?: (field: FieldMeta) => boolean;
  /** The value gets a section of its own under the detail page's facts. */
  wideInDetail?: boolean;
  /** What an empty value reads (an empty date reads N/A); a dash when absent. */
  emptyKey?: string;
}

export type { FieldInputProps };
