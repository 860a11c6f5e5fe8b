import { dashboardPath, type InvitationAcceptance, type LoginAnswer, type SsoCodeExchange } from "@csc/shared";
import type { AuthActionResponse } from "@refinedev/core";
import { roleOf } from "../session/role";
import { isApiError } from "./api-error";
import { postJson } from "./fetch-json";
import { forgetSessionData, setSignedOutOnPurpose } from "./session";
import { clearToken, setToken } from "./token";

export interface LoginValues {
  email: string;
  password: string;
  /** The code mailed to an account that others' guesses have locked against new browsers. */
  code?: string;
}

/** A failed auth action in refine's shape, carrying the API's error when there is one. */
export const authFailure = (error: unknown): AuthActionResponse => ({
  success: false,
  error: isApiError(error) ? error : { name: "Error", message: String(error) },
});

/**
 * Sign-in: `POST /api/auth/login`; the token goes to local storage, anything another
 * user left in the caches goes. A failure clears the token. Plain `fetch`: the sign-in screen
 * loads neither axios nor refine; refine's auth provider signs in through this too.
 */
export async function signIn({ email, password, code }: LoginValues): Promise<AuthActionResponse> {
  return startSession("/api/auth/login", { email, password, ...(code?.trim() ? { code: code.trim() } : {}) });
}

/** An invitation's link accepted with the password chosen (`POST /api/invitations/accept`): signed in as sign-in does. */
export function acceptInvitation(body: InvitationAcceptance): Promise<AuthActionResponse> {
  return startSession("/api/invitations/accept", body);
}

/** The one-time code single sign-on hands `/sso` (`POST /api/auth/oidc/exchange`): signed in as sign-in does. */
export function exchangeSsoCode(body: SsoCodeExchange): Promise<AuthActionResponse> {
  return startSession("/api/auth/oidc/exchange", body);
}

async function startSession(path: string, body: object): Promise<AuthActionResponse> {
  try {
    const { data } = await postJson<LoginAnswer>(path, body, { skipSessionExpiry: true });
    forgetSessionData();
    setToken(data.token);
    setSignedOutOnPurpose(false);
    return { success: true, redirectTo: dashboardPath(roleOf(data.user)), user: data.user };
  } catch (error) {
    clearToken();
    return authFailure(error);
  }
}
