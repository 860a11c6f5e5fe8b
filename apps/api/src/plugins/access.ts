import { type AbilityUser, type Action, type AppAbility, defineAbilityFor, type Role, type Subject } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionUser } from "../lib/accounts.js";
import { forbidden } from "../lib/errors.js";

/**
 * Who may reach a route at all (the handler then cuts rows further). Deny by default: every API
 * route declares one in `config.access`, or the app refuses to start.
 * - `public`: anybody, signed in or not;
 * - `signed-in`: any signed-in account (the handler answers only with the caller's own records);
 * - `{ roles }`: these roles only;
 * - `{ can }`: whoever's ability allows any one of these actions on these subjects.
 */
export type RouteAccess =
  | "public"
  | "signed-in"
  | { roles: readonly Role[] }
  | { can: readonly (readonly [Exclude<Action, "manage">, Subject])[] };

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with the access it declares, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user's CASL ability (built once per user and what it depends on, see `abilityOf`). */
    ability: AppAbility;
  }
}

/** Whether a declaration admits a user (null: nobody signed in). */
export function admits(access: RouteAccess, user: SessionUser | null, ability: () => AppAbility): boolean {
  if (access === "public") return true;
  if (user === null) return false;
  if (access === "signed-in") return true;
  if ("roles" in access) return access.roles.includes(user.role);
  const abilityOfUser = ability();
  return access.can.some(([action, subject]) => abilityOfUser.can(action, subject as never));
}

const requestAbilities = new WeakMap<FastifyRequest, AppAbility>();

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

export default fp(
  async (app) => {
    app.decorate("declaredRoutes", [] as DeclaredRoute[]);
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

    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/")) return;
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!access) throw new Error(`${methods.join(",")} ${route.url} declares no access (config.access)`);
      for (const method of methods) app.declaredRoutes.push({ method, url: route.url, access });
    });

    app.addHook("onRequest", async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (!access || access === "public") return;
      await app.authenticate(request, reply);
      if (!admits(access, request.auth, () => request.ability)) throw forbidden(request.t("forbidden"));
    });
  },
  { name: "access", dependencies: ["auth"] },
);
