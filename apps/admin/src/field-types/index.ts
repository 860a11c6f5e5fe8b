import type { FieldType } from "@csc/shared";
import type { FieldTypeView } from "./types";

/**
 * The admin's field types: every `./<type>.tsx` module beside this file, named after the type of
 * shared's table it shows. Adding a type adds its module and nothing here (docs/field-types.md).
 */
const modules = import.meta.glob<{ default: FieldTypeView }>("./*.tsx", { eager: true });

const views = new Map(
  Object.entries(modules).map(([path, module]) => [path.slice("./".length, -".tsx".length), module.default]),
);

/** The look of a field type; every type of shared's table has its module (field-types.test.ts). */
export function fieldView(type: FieldType): FieldTypeView {
  const view = views.get(type);
  if (!view) throw new Error(`No admin module for the field type ${type}`);
  return view;
}

export type { FieldFilterProps, FieldTypeView, FieldValueProps } from "./types";
