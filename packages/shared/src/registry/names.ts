/**
 * Every resource's name and its table, each declared by the resource's own module
 * (resources/<name>.ts), which adds itself here:
 *
 *   declare module "../registry/names.js" {
 *     interface ResourceTables {
 *       mentors: "mentors";
 *     }
 *   }
 *
 * So the names the API routes, the menu and the permissions are typed by derive from the modules,
 * and a new module is a new name without an edit anywhere else. A leaf: the registry's types,
 * the menu's names and the modules read it; it reads none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each resource's module adds its own entry
export interface ResourceTables {}

/** A resource's name: the API path, the refine resource, the CASL subject, the locale key. */
export type ResourceName = keyof ResourceTables & string;

/** The tables the resources keep their rows in. */
export type TableName = ResourceTables[ResourceName];

/**
 * The enums' and the field types' names, filled in by enums.ts and field-types.ts the same way,
 * so that a field's definition can name its type and enum without importing either: the modules
 * stay below the enums (whose help topics are the modules' menu entries).
 */
// biome-ignore lint/suspicious/noEmptyInterface: enums.ts adds every enum's name
export interface EnumNames {}
// biome-ignore lint/suspicious/noEmptyInterface: field-types.ts adds every field type's name
export interface FieldTypeNames {}

/** An enum of `ENUM_OPTIONS` (enums.ts), by the name its label keys use. */
export type EnumName = keyof EnumNames & string;
/** A field type of the table in field-types.ts. */
export type FieldType = keyof FieldTypeNames & string;
