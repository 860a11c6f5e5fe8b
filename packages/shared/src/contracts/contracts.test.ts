import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { FEATURE_KEYS } from "../features.js";
import { type MenuUser, menuFor } from "../menu.js";
import { ALL_ROLES, type Role } from "../roles.js";
import { MenuTree } from "./meta.js";

const users = (role: Role): MenuUser[] => [
  { id: 42, role, institution: null, enabledFeatures: [...FEATURE_KEYS] },
  { id: 42, role, institution: { id: 5, type: "college" }, enabledFeatures: [...FEATURE_KEYS] },
  { id: 42, role, institution: { id: 6, type: "company" }, enabledFeatures: [] },
];

describe("the menu's contract", () => {
  // the API sends the menu through this schema: whatever it does not name is dropped from the answer
  it.each(ALL_ROLES)("describes the whole menu of a %s, groups and their entries", (role) => {
    for (const user of users(role)) {
      const menu = menuFor(user);
      expect(Value.Check(MenuTree, menu)).toBe(true);
      expect(Value.Clean(MenuTree, structuredClone(menu))).toEqual(menu);
    }
  });
});
