import type { HttpError } from "@refinedev/core";
import axios, { type AxiosError } from "axios";
import i18n from "i18next";
import { endSession } from "./session";
import { getToken } from "./token";

declare module "axios" {
  interface AxiosRequestConfig {
    /** A 401 on this call does not end the session (sign-in, sign-out). */
    skipSessionExpiry?: boolean;
  }
}

/** The API's error body (DESIGN §5): `{ message, errors?: { field: message } }`, sometimes more. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string | string[]>;
  email_verified?: boolean;
  [key: string]: unknown;
}

/** What every failed call rejects with: refine's HttpError plus the whole body (spec §8). */
export interface ApiError extends HttpError {
  body: ApiErrorBody;
}

/** Set when the institution came from a `/no-domain/<sub>` path instead of the host. */
let siteSubdomainHeader: string | null = null;
export const setPathSubdomain = (subdomain: string | null) => {
  siteSubdomainHeader = subdomain;
};

/** Our axios instance (DESIGN §5): bearer header, 401 handling, errors in refine's shape. */
export const http = axios.create({ headers: { "Content-Type": "application/json", Accept: "application/json" } });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  if (i18n.resolvedLanguage) config.headers.set("Accept-Language", i18n.resolvedLanguage);
  if (siteSubdomainHeader) config.headers.set("X-Site-Subdomain", siteSubdomainHeader);
  return config;
});

function toApiError(error: AxiosError<ApiErrorBody>): ApiError {
  const body: ApiErrorBody = error.response?.data && typeof error.response.data === "object" ? error.response.data : {};
  return {
    message: body.message ?? error.message,
    statusCode: error.response?.status ?? 0,
    errors: body.errors,
    body,
  };
}

http.interceptors.response.use(
  (response) => response,
  (error: AxiosError<ApiErrorBody>) => {
    const hadToken = Boolean(error.config?.headers?.Authorization);
    if (error.response?.status === 401 && hadToken && !error.config?.skipSessionExpiry) endSession();
    return Promise.reject(toApiError(error));
  },
);

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === "object" && value !== null && "statusCode" in value && "body" in value;
