import type { MenuItem, MenuName, ResourceName } from "@csc/shared";

export type { FieldMeta, FieldOption, ListTab as TimeFilterName, ResourceMeta } from "@csc/shared";

/** A row of any resource. */
export type ResourceRecord = { id: number } & Record<string, unknown>;

/**
 * Where a resource's pages are opened from: a menu entry, or a resource the menus leave
 * out, opened from another page (the tutorials, from the Help page).
 */
export type ScreenEntry = Pick<MenuItem, "label" | "labelKey" | "path"> & { name: MenuName | ResourceName };
