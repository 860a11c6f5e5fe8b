import type { MessageAnswer } from "@csc/shared";
import type { AuthProvider } from "@refinedev/core";
import { roleOf } from "../session/role";
import type { CurrentUser } from "../session/types";
import { http, isApiError } from "./http";
import { forgetSessionData, LOGIN_PATH, setSignedOutOnPurpose } from "./session";
import { authFailure, signIn } from "./sign-in";
import { clearToken, getToken } from "./token";

export type { LoginValues } from "./sign-in";

export interface RegisterValues {
  full_name: string;
  email: string;
  password: string;
  phone?: string;
  company_name?: string;
  website?: string;
}

export interface ResetPasswordValues {
  token: string;
  password: string;
  password_confirmation: string;
}

/** The signed-in user, or a rejection carrying the API's error (profile load). */
export async function fetchProfile(): Promise<CurrentUser> {
  const { data } = await http.get<{ data: CurrentUser }>("/api/profile");
  return data.data;
}

/**
 * Sessions: the token lives in local storage `csc-token`; a session starts authenticated
 * when it is there; sign-in sets it, sign-out (and any failure to sign in) clears it.
 */
export const authProvider: AuthProvider = {
  login: signIn,
  logout: async () => {
    if (getToken()) {
      try {
        await http.get("/api/logout", { skipSessionExpiry: true });
      } catch (error) {
        // A failed sign-out keeps the session, unless the token was already dead
        if (!isApiError(error) || error.statusCode !== 401) return authFailure(error);
      }
    }
    setSignedOutOnPurpose(true);
    clearToken();
    forgetSessionData();
    return { success: true, redirectTo: LOGIN_PATH };
  },
  // refine calls this on every route change, public pages included: it must stay silent (the
  // signed-in screens say "Session expired." themselves)
  check: async () =>
    getToken() ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: LOGIN_PATH },
  onError: async (error) => {
    // the HTTP layer already ended the session on a 401; nothing else signs the user out
    return { error };
  },
  getIdentity: async () => (getToken() ? fetchProfile() : null),
  getPermissions: async () => {
    if (!getToken()) return null;
    const user = await fetchProfile();
    return { role: roleOf(user), rules: user.rules };
  },
  register: async (values: RegisterValues) => {
    try {
      const { data } = await http.post<MessageAnswer>("/api/auth/register", values);
      return { success: true, message: data.message };
    } catch (error) {
      return authFailure(error);
    }
  },
  forgotPassword: async ({ email }: { email: string }) => {
    try {
      const { data } = await http.post<MessageAnswer>("/api/forgot-password", { email });
      return { success: true, message: data.message };
    } catch (error) {
      return authFailure(error);
    }
  },
  updatePassword: async (values: ResetPasswordValues) => {
    try {
      const { data } = await http.post<MessageAnswer>("/api/reset-password", values);
      return { success: true, message: data.message };
    } catch (error) {
      return authFailure(error);
    }
  },
};

/** `POST /api/auth/verify-email` with the e-mailed token. */
export async function verifyEmail(token: string): Promise<string> {
  const { data } = await http.post<MessageAnswer>("/api/auth/verify-email", { token });
  return data.message;
}
