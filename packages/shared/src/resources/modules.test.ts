import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENUM_OPTIONS, HELP_TOPICS } from "../enums.js";
import { FIELD_TYPES } from "../field-types.js";
import { readLocales } from "../locale-files.js";
import { MENU } from "../menu.js";
import { ICON_NAMES } from "../menu-entries.js";
import { COMMAND_NAMES, type ResourceDefinition } from "../registry/types.js";
import { RESOURCES } from "./index.js";

interface Catalogue {
  menu: Record<string, unknown>;
  fields: Record<string, unknown>;
}
// the namespaces as the screens get them: locales/<lng>/ with each resource's own words (locales/resources/)
const LOCALES = readLocales(fileURLToPath(new URL("../../../../locales", import.meta.url)));
const LANGUAGES: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(LOCALES).map(([language, namespaces]) => [
    language,
    { menu: namespaces.common?.menu as Record<string, unknown>, fields: namespaces.fields ?? {} },
  ]),
);

const flatMenu = (entries: typeof MENU): string[] =>
  entries.flatMap((entry) => [entry.name, ...flatMenu(entry.children ?? [])]);

/**
 * What a resource's module must bring for every layer to pick it up — the API's routes and
 * `/api/meta`, the admin's pages, menu and icons, the translations, the help — as the problems of
 * one module. Each layer reads the modules through `RESOURCES`, so a new module is checked here
 * without being named anywhere.
 */
function problemsOf(resource: ResourceDefinition): string[] {
  const problems: string[] = [];
  const fieldNames = new Set(resource.fields.map((field) => field.name));
  if (RESOURCES[resource.name] !== resource) problems.push("not listed in resources/index.ts");
  if (!fieldNames.has(resource.titleField)) problems.push(`title field ${resource.titleField} is no field`);
  if (!fieldNames.has(resource.defaultSort.field))
    problems.push(`sort field ${resource.defaultSort.field} is no field`);
  for (const name of [resource.timeWindow?.start, resource.timeWindow?.end]) {
    if (name !== undefined && !fieldNames.has(name)) problems.push(`time window field ${name} is no field`);
  }
  for (const command of resource.commands ?? []) {
    if (!COMMAND_NAMES.includes(command.name)) problems.push(`command ${command.name} is unknown`);
  }
  if (resource.icon !== undefined && !ICON_NAMES.includes(resource.icon))
    problems.push(`icon ${resource.icon} is unknown`);
  if (resource.menu) {
    if (!resource.icon) problems.push("has a menu entry but no icon");
    if (!flatMenu(MENU).includes(resource.name)) problems.push("has a menu entry the menu does not show");
    if (!(HELP_TOPICS as readonly string[]).includes(resource.name))
      problems.push("has a menu entry but no help topic");
  }
  for (const [language, catalogue] of Object.entries(LANGUAGES)) {
    if (resource.menu && typeof catalogue.menu[resource.name] !== "string") {
      problems.push(`no menu label menu.${resource.name} in ${language}`);
    }
    for (const field of resource.fields) {
      const labels = field.labelByRole ? ["tags", "preferences"] : [field.name];
      for (const label of labels) {
        if (typeof catalogue.fields[label] !== "string") problems.push(`no label fields:${label} in ${language}`);
      }
    }
  }
  for (const field of resource.fields) {
    if (!FIELD_TYPES.includes(field.type)) problems.push(`field ${field.name} has the unknown type ${field.type}`);
    if (field.enum && field.enum !== "role" && !Object.hasOwn(ENUM_OPTIONS, field.enum)) {
      problems.push(`field ${field.name} names the unknown enum ${field.enum}`);
    }
    // a value nobody reads may not be shown, filtered, sorted or searched on either
    if (field.writeOnly && (field.list || field.filter || field.sort || field.search || field.default !== undefined)) {
      problems.push(`field ${field.name} is write-only but listed, filtered, sorted, searched or defaulted`);
    }
    if (field.relation) {
      const target = Object.hasOwn(RESOURCES, field.relation.resource) ? RESOURCES[field.relation.resource] : null;
      if (!target) problems.push(`field ${field.name} points at the unknown resource ${field.relation.resource}`);
      else if (!target.fields.some((other) => other.name === field.relation?.labelField)) {
        problems.push(`field ${field.name} shows ${field.relation.labelField}, no field of ${target.name}`);
      }
    }
  }
  return problems;
}

describe("resource modules", () => {
  it.each(Object.values(RESOURCES).map((resource) => [resource.name, resource] as const))(
    "%s brings everything every layer needs",
    (_name, resource) => {
      expect(problemsOf(resource)).toEqual([]);
    },
  );

  it("tells what a new module that is not wired yet lacks", () => {
    const mentors = {
      ...RESOURCES.courses,
      name: "mentors",
      titleField: "full_name",
      icon: "unicorn",
      fields: [
        ...RESOURCES.courses.fields,
        { name: "mentor_since", type: "date" },
        { name: "mentor_kind", type: "enum", enum: "mentorKind" },
      ],
      menu: { order: 1, label: "Mentors", path: "/mentors", roles: [] },
    } as unknown as ResourceDefinition;
    expect(problemsOf(mentors)).toEqual([
      "not listed in resources/index.ts",
      "title field full_name is no field",
      "icon unicorn is unknown",
      "has a menu entry the menu does not show",
      "has a menu entry but no help topic",
      "no menu label menu.mentors in en-US",
      "no label fields:mentor_since in en-US",
      "no label fields:mentor_kind in en-US",
      "no menu label menu.mentors in np-NP",
      "no label fields:mentor_since in np-NP",
      "no label fields:mentor_kind in np-NP",
      "field mentor_kind names the unknown enum mentorKind",
    ]);
  });
});
