import type { FastifyInstance } from "fastify";
import { DEMO_ACCOUNTS } from "./accounts.js";
import { bearer, hostOf, tokenFor } from "./helpers.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The site a demo account signs in on. */
export const siteOf = (email: string) => DEMO_ACCOUNTS.find((account) => account.email === email)?.site ?? "provider";

/**
 * Every demo account signed in on its own site, and a call made as one of them, on that site, in
 * a language (`accept-language`). `signIn` signs one in again (after its session was ended).
 */
export async function demoCalls(app: FastifyInstance) {
  const tokens = new Map<string, string>();
  const signIn = async (email: string) => tokens.set(email, await tokenFor(app, email, siteOf(email)));
  for (const account of DEMO_ACCOUNTS) await signIn(account.email);
  const call = (email: string, method: Method, url: string, payload?: object, language = "en-US") =>
    app.inject({
      method,
      url,
      headers: { ...bearer(tokens.get(email) ?? ""), host: hostOf(siteOf(email)), "accept-language": language },
      ...(payload ? { payload } : {}),
    });
  /** The id of the institution of this subdomain. */
  const institutionId = async (subdomain: string) =>
    (await app.db.selectFrom("institutions").select("id").where("subdomain", "=", subdomain).executeTakeFirstOrThrow())
      .id;
  return { call, signIn, institutionId };
}

export type DemoCall = Awaited<ReturnType<typeof demoCalls>>["call"];
