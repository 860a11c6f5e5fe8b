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
