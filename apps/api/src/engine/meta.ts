import {
  type AppAbility,
  ENUM_OPTIONS,
  type FieldDefinition,
  type FieldMeta,
  RESOURCES,
  type ResourceAction,
  type ResourceMeta,
  ROLE_LABELS,
  RULE_FILTERS,
  type RuleFilterName,
  readableFields,
  roleKind,
  timeFiltersOf,
  writeOnlyFields,
} from "@csc/shared";
import type { SessionUser } from "../domain/accounts.js";
import type { Translate } from "../platform/messages.js";

const VERBS: ResourceAction[] = ["read", "create", "update", "delete", "export"];

function optionsOf(field: FieldDefinition): FieldMeta["options"] {
  if (field.enum === "role") {
    return Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label, labelKey: `common:roles.${value}` }));
  }
  if (field.enum) return ENUM_OPTIONS[field.enum].map((o) => ({ ...o }));
  return undefined;
}

/** A rule filter (`registration`) as the admin renders a filter: an enum field that only filters. */
const ruleFilterMeta = (name: RuleFilterName, t: Translate): FieldMeta => ({
  name,
  type: "enum",
  label: t(`fields:${name}`),
  labelKey: `fields:${name}`,
  required: false,
  readOnly: true,
  list: false,
  filter: true,
  sort: false,
  search: false,
  options: ENUM_OPTIONS[RULE_FILTERS[name]].map((o) => ({ ...o })),
});

/**
 * The resources a user may read, each with the actions and fields cut to their abilities
 * (`/api/meta`): fields by the read rules of read-rules.ts, and the tag field
 * is "tags" for staff and recruiters and "preferences" for institutions and learners. Write-only
 * fields (a client secret) follow for those who may write the resource, marked so; no value of
 * them is ever sent.
 */
export function resourcesFor(user: SessionUser, ability: AppAbility, t: Translate): ResourceMeta[] {
  const kind = roleKind(user.role);
  const tagLabel = kind === "institution" || kind === "learner" ? "preferences" : "tags";
  return Object.values(RESOURCES)
    .filter((resource) => ability.can("read", resource.name))
    .map((resource) => {
      const actions = VERBS.filter((verb) => resource.actions.includes(verb) && ability.can(verb, resource.name));
      const writable = actions.includes("create") || actions.includes("update");
      const fieldMeta = (field: FieldDefinition): FieldMeta => {
        const labelName = field.labelByRole ? tagLabel : field.name;
        const meta: FieldMeta = {
          name: field.name,
          type: field.type,
          label: t(`fields:${labelName}`),
          labelKey: `fields:${labelName}`,
          required: field.required ?? false,
          // a tenant column others read but only provider staff set: shown, never offered for editing
          readOnly: Boolean(field.readOnly) || !writable || (field.providerOnly === true && kind !== "provider"),
          list: (field.list ?? false) && (kind === "provider" || !field.providerOnly),
          filter: field.filter ?? false,
          sort: field.sort ?? false,
          search: field.search ?? false,
        };
        if (field.min !== undefined) meta.min = field.min;
        if (field.max !== undefined) meta.max = field.max;
        if (field.maxLength !== undefined) meta.maxLength = field.maxLength;
        const options = optionsOf(field);
        if (options) meta.options = options;
        if (field.relation) {
          meta.relation = {
            ...field.relation,
            optionsUrl: `/api/${resource.name}/options/${field.name}`,
          };
        }
        if (field.writeOnly) meta.writeOnly = true;
        return meta;
      };
      const fields = [
        ...readableFields(resource, user.role),
        ...(writable ? writeOnlyFields(resource, user.role) : []),
      ].map(fieldMeta);
      return {
        name: resource.name,
        softDelete: resource.softDelete === "hide",
        // learners also have their own tabs on postings (suggested, pending, rejected)
        timeFilters: timeFiltersOf(resource, kind),
        titleField: resource.titleField,
        defaultSort: resource.defaultSort,
        actions,
        commands: (resource.commands ?? [])
          .map((command) => command.name)
          .filter((name) => ability.can(name, resource.name)),
        fields,
        ...(resource.ruleFilters ? { ruleFilters: resource.ruleFilters.map((name) => ruleFilterMeta(name, t)) } : {}),
      };
    });
}
