import { type AbilityUser, type AppAbility, defineAbilityFor } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's CASL ability (built once per user and what it depends on, see `abilityOf`). */
    ability: AppAbility;
  }
}

/** Abilities kept; the least recently used goes first. */
const ABILITY_CACHE_SIZE = 1_000;
const abilities = new Map<string, AppAbility>();

/**
 * The user's ability, built once per user, token version and everything the ability reads: the
 * key holds every field of `AbilityUser` (the mapped type fails to compile when one is added and
 * not listed here), so a changed plan, feature, permission or role gets a new ability at once.
 */
export function abilityOf(user: AbilityUser & { tokenVersion: number }): AppAbility {
  // the same session user object (made once per cached row, lib/accounts.ts) has the same ability
  const known = abilitiesOfUsers.get(user);
  if (known) return known;
  const inputs: { [K in keyof Required<AbilityUser>]: AbilityUser[K] } = {
    id: user.id,
    role: user.role,
    institution: user.institution,
    enabledFeatures: user.enabledFeatures,
    recruiterId: user.recruiterId,
    planId: user.planId,
    permissions: user.permissions,
  };
  const key = `${user.tokenVersion} ${JSON.stringify(inputs)}`;
  let ability = abilities.get(key);
  if (ability) {
    abilities.delete(key);
  } else {
    ability = defineAbilityFor(inputs);
    if (abilities.size >= ABILITY_CACHE_SIZE) abilities.delete(abilities.keys().next().value as string);
  }
  abilities.set(key, ability);
  abilitiesOfUsers.set(user, ability);
  return ability;
}
const abilitiesOfUsers = new WeakMap<object, AppAbility>();

const requestAbilities = new WeakMap<FastifyRequest, AppAbility>();

/** `request.ability`: the signed-in user's ability, looked up on first use (routes for everyone never build one). */
export default fp(
  async (app) => {
    app.decorateRequest("ability", {
      getter(this: FastifyRequest) {
        let ability = requestAbilities.get(this);
        if (!ability) {
          ability = abilityOf(this.auth);
          requestAbilities.set(this, ability);
        }
        return ability;
      },
    });
  },
  { name: "ability", dependencies: ["auth"] },
);
