import type { Action, AppAbility, Role, Subject } from "@csc/shared";
import fp from "fastify-plugin";
import type { SessionUser } from "../../domain/accounts.js";
import { forbidden } from "../errors.js";

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

export default fp(
  async (app) => {
    app.decorate("declaredRoutes", [] as DeclaredRoute[]);
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
  { name: "access", dependencies: ["auth", "ability"] },
);
