import { type Static, Type } from "typebox";
import { FIELD_TYPES } from "../field-types.js";
import type { MenuItem } from "../menu.js";
import { ALL_TAB, LEARNER_TABS, type ListTab, TIME_WINDOW_FILTERS } from "../registry/meta.js";
import { COMMAND_NAMES, type ResourceAction, type ResourceName } from "../registry/types.js";
import { OneOf } from "./common.js";

/**
 * `GET /meta`: the signed-in user's menu and the resources they may use, each with its actions and
 * fields already cut to their abilities; the admin renders its pages from it.
 */

/** One choice of an enum field (label in en-US, translated by key). */
export const FieldOption = Type.Object({
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  label: Type.String(),
  labelKey: Type.String(),
});
export type FieldOption = Static<typeof FieldOption>;

/** A field of a resource as the signed-in user may see and change it. */
export const FieldMeta = Type.Object({
  name: Type.String(),
  type: OneOf(FIELD_TYPES),
  label: Type.String(),
  /** `fields:<name>`: the tag field is "tags" or "preferences" by role. */
  labelKey: Type.String(),
  required: Type.Boolean(),
  readOnly: Type.Boolean(),
  list: Type.Boolean(),
  filter: Type.Boolean(),
  sort: Type.Boolean(),
  search: Type.Boolean(),
  /** Written, never read back (a client secret): the form offers it empty, and blank keeps what is stored. */
  writeOnly: Type.Optional(Type.Boolean()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  maxLength: Type.Optional(Type.Integer()),
  options: Type.Optional(Type.Array(FieldOption)),
  relation: Type.Optional(
    Type.Object({ resource: Type.String(), labelField: Type.String(), optionsUrl: Type.String() }),
  ),
});
export type FieldMeta = Static<typeof FieldMeta>;

/** A `?type=` tab of a list: a time window, one of the learner's own, or all rows. */
const Tab = Type.Unsafe<ListTab>({ type: "string", enum: [...TIME_WINDOW_FILTERS, ...LEARNER_TABS, ALL_TAB] });

/** A resource as the signed-in user may use it. */
export const ResourceMeta = Type.Object({
  name: Type.Unsafe<ResourceName>({ type: "string" }),
  /** `?type=` tabs of the list; the first is the default. */
  timeFilters: Type.Array(Tab),
  /** Deleting keeps the row (Activity Logs → Deleted Users) and asks for a reason (`?reason=`). */
  softDelete: Type.Boolean(),
  titleField: Type.String(),
  defaultSort: Type.Object({ field: Type.String(), order: OneOf(["asc", "desc"] as const) }),
  actions: Type.Array(Type.Unsafe<ResourceAction>({ type: "string" })),
  /** The commands of the resource this user may run (approve, reject, restore, withdraw…). */
  commands: Type.Array(OneOf(COMMAND_NAMES)),
  fields: Type.Array(FieldMeta),
  /** Filters over a rule rather than a field (`registration` of applications), shaped as enum fields. */
  ruleFilters: Type.Optional(Type.Array(FieldMeta)),
});
export type ResourceMeta = Static<typeof ResourceMeta>;

/**
 * The menu as `menuFor` builds it (menu.ts holds its type): entries with children, as deep as
 * the menu goes. A test checks every role's menu against it.
 */
export const MenuTree = Type.Unsafe<MenuItem[]>(
  Type.Array(
    Type.Cyclic(
      {
        MenuItem: Type.Object({
          name: Type.String(),
          label: Type.String(),
          labelKey: Type.String(),
          path: Type.Union([Type.String(), Type.Null()]),
          disabled: Type.Boolean(),
          tooltip: Type.Optional(Type.String()),
          tooltipKey: Type.Optional(Type.String()),
          children: Type.Optional(Type.Array(Type.Ref("MenuItem"))),
        }),
      },
      "MenuItem",
    ),
  ),
);

/** `GET /meta`. */
export const Meta = Type.Object({ menu: MenuTree, resources: Type.Array(ResourceMeta) });
export type Meta = Static<typeof Meta>;
