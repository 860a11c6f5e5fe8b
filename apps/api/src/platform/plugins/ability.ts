import { type AbilityUser, type AppAbility, defineAbilityFor } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { boundedCache, objectMemo } from "../caches.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's CASL ability (built once per user and what it depends on, see `abilityOf`). */
    ability: AppAbility;
  }
}

const abilities = boundedCache<string, AppAbility>("abilities");
const abilityOfUser = objectMemo<object, AppAbility>("abilitiesOfUsers");
const abilityOfRequest = objectMemo<FastifyRequest, AppAbility>("requestAbilities");

/**
 * The user's ability, built once per user, token version and everything the ability reads: the
 * key holds every field of `AbilityUser` (the mapped type fails to compile when one is added and
 * not listed here), so a changed plan, feature, permission or role gets a new ability at once.
 */
export function abilityOf(user: AbilityUser & { tokenVersion: number }): AppAbility {
  // the same session user object (made once per cached row, domain/accounts.ts) has the same ability
  return abilityOfUser(user, () => {
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
    if (!ability) {
      ability = defineAbilityFor(inputs);
      abilities.set(key, ability);
    }
    return ability;
  });
}

/** `request.ability`: the signed-in user's ability, looked up on first use (routes for everyone never build one). */
export default fp(
  async (app) => {
    app.decorateRequest("ability", {
      getter(this: FastifyRequest) {
        return abilityOfRequest(this, (request) => abilityOf(request.auth));
      },
    });
  },
  { name: "ability", dependencies: ["auth"] },
);
