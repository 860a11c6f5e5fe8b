import { type AppAbility, type AppRule, abilityFromRules, type Subject } from "@csc/shared";
import type { AccessControlProvider } from "@refinedev/core";

/** refine's actions in CASL's words. */
const ACTION_FOR: Record<string, string> = { list: "read", show: "read", edit: "update", clone: "create" };

let ability: AppAbility = abilityFromRules([]);

/** Called when `/api/profile` arrives; the rules are the API's, for display only. */
export function setAbilityRules(rules: AppRule[]) {
  ability = abilityFromRules(rules);
}

export const currentAbility = () => ability;

/** CASL access control for refine's buttons and `useCan`, built once. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    if (!resource) return { can: true };
    const casl = (ACTION_FOR[action] ?? action) as Parameters<AppAbility["can"]>[0];
    return { can: ability.can(casl, resource as Subject) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
