import { createHash } from "node:crypto";
import { isLoopbackIssuer } from "@csc/shared";
import * as oidc from "openid-client";
import { boundedCache } from "./caches.js";

/**
 * Our side of OpenID Connect with an institution's identity provider, through openid-client:
 * discovery, the authorization code flow with PKCE (S256), state and nonce, and the ID token
 * checked for issuer, audience, expiry, nonce and signature. The provider's tokens stay in here:
 * what leaves is who the provider says the person is.
 */

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  /** None: a public client, which PKCE alone protects. */
  clientSecret: string | null;
}

/** What the provider answered about the person who signed in there. */
export interface ProviderAnswer {
  issuer: string;
  subject: string;
  email: string | null;
  /** As the provider said it; null when it did not say. */
  emailVerified: boolean | null;
  name: string | null;
  /** The ID token's claims, with those of the userinfo endpoint where the token had no e-mail. */
  claims: Record<string, unknown>;
}

/** A sign-in under way: the address to send the browser to, and what its callback must check. */
export interface SignInStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

const SCOPE = "openid email profile";
/** How long a discovered provider is kept before it is asked again. */
const PROVIDER_AGE_MS = 10 * 60_000;
/** Every request to a provider gives up after this many seconds. */
const TIMEOUT_SECONDS = 10;

const providers = boundedCache<string, { at: number; configuration: Promise<oidc.Configuration> }>("oidcProviders");

/** Plain http is followed only to a provider on loopback, and only when the configuration allows it. */
function insecureAllowed(issuer: URL, allowHttpLoopback: boolean): boolean {
  if (issuer.protocol === "https:") return false;
  if (allowHttpLoopback && isLoopbackIssuer(issuer.href)) return true;
  throw new Error(`the issuer ${issuer.origin} is not https`);
}

function discover(settings: ProviderSettings, allowHttpLoopback: boolean): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = insecureAllowed(issuer, allowHttpLoopback);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret ?? undefined,
    // the method every provider must support when the client has a secret (OpenID Connect Registration)
    settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
    {
      timeout: TIMEOUT_SECONDS,
      execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
    },
  );
}

/** The provider as discovered, kept a while per settings (a failed discovery is asked again next time). */
export function providerOf(settings: ProviderSettings, allowHttpLoopback: boolean): Promise<oidc.Configuration> {
  const secretHash = createHash("sha256")
    .update(settings.clientSecret ?? "")
    .digest("hex");
  const key = JSON.stringify([settings.issuer, settings.clientId, secretHash, allowHttpLoopback]);
  const kept = providers.get(key);
  if (kept && Date.now() - kept.at < PROVIDER_AGE_MS) return kept.configuration;
  const entry = { at: Date.now(), configuration: discover(settings, allowHttpLoopback) };
  providers.set(key, entry);
  entry.configuration.catch(() => {
    if (providers.get(key) === entry) providers.delete(key);
  });
  return entry.configuration;
}

/** A new sign-in at the provider: its authorization address, with a fresh state, nonce and PKCE challenge. */
export async function startSignIn(configuration: oidc.Configuration, redirectUri: string): Promise<SignInStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * The provider's answer to our callback (its query string as it came), checked and exchanged for
 * tokens: state, code with its verifier, ID token (issuer, audience, expiry, nonce, signature).
 * Throws on anything the provider refused or that does not check out.
 */
export async function finishSignIn(
  configuration: oidc.Configuration,
  started: { redirectUri: string; query: string; state: string; nonce: string; codeVerifier: string },
): Promise<ProviderAnswer> {
  const current = new URL(started.redirectUri);
  current.search = started.query;
  const tokens = await oidc.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: started.codeVerifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error("the provider sent no ID token");
  let claims: Record<string, unknown> = { ...idToken };
  // many providers keep the e-mail out of the ID token when an access token is issued (userinfo has it)
  if (text(idToken.email) === null && configuration.serverMetadata().userinfo_endpoint) {
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    claims = { ...userInfo, ...idToken };
  }
  const verified = claims.email_verified;
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    // some providers send it as a string
    emailVerified:
      typeof verified === "boolean" ? verified : verified === "true" || (verified === "false" ? false : null),
    name: text(claims.name),
    claims,
  };
}
