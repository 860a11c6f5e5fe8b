import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type JWK } from "oidc-provider";

/** Who a test signs in as at the provider: an account id and the claims the provider sends for it. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface IdentityProvider {
  /** `http://127.0.0.1:<port>`, the issuer an institution enters. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the provider says about an account id (an id not listed is an e-mail address, verified). */
  accounts: Map<string, ProviderAccount>;
  /**
   * Signs in at the provider as a person would, with an authorization address our start route sent:
   * the login page, then back towards us. Answers the address the provider sends the browser to (our
   * callback), without following it.
   */
  signIn: (authorizationUrl: string, accountId: string) => Promise<URL>;
  close: () => Promise<void>;
}

/** The provider's login page: one field, the account to sign in as (test accounts have no password). */
const loginPage = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="get" action="/interaction/${uid}">
<label for="login">Account</label> <input id="login" name="login" autocomplete="username">
<button type="submit">Sign in</button></form></main></body></html>`;

/**
 * A real OpenID provider (`oidc-provider`) on loopback, with one client registered for the given
 * callback addresses. Its interaction is ours: the login page takes an account id and grants the
 * client what it asks (openid, email, profile) — the provider's own code does everything else.
 */
export async function startIdentityProvider(redirectUris: string[]): Promise<IdentityProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = "career-service-center";
  const clientSecret = randomBytes(24).toString("base64url");
  const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...key, alg: "RS256", use: "sig", kid: "test" } as JWK] },
    cookies: { keys: [randomBytes(24).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const account = accounts.get(id) ?? { email: id, email_verified: true };
        return { sub: id, ...account };
      },
    }),
  });

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const login = new URL(req.url ?? "/", issuer).searchParams.get("login");
    if (!login) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(loginPage(details.uid));
      return;
    }
    const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
  const callback = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });

  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    // a bounded walk: authorization → login page → resume → our callback
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      if (url.pathname.startsWith("/interaction/")) url.searchParams.set("login", accountId);
      const response = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ""] = header.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error("the provider never sent the browser back");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
