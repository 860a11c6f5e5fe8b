import axios, { type AxiosError } from "axios";
import { type ApiError, type ApiErrorBody, toApiError } from "./api-error";
import { apiRequestHeaders } from "./request-headers";
import { endSession } from "./session";

export { type ApiError, type ApiErrorBody, isApiError } from "./api-error";

declare module "axios" {
  interface AxiosRequestConfig {
    /** A 401 on this call does not end the session (sign-in, sign-out). */
    skipSessionExpiry?: boolean;
  }
}

/** Our axios instance: bearer header, 401 handling, errors in refine's shape. */
export const http = axios.create({ headers: { "Content-Type": "application/json", Accept: "application/json" } });

http.interceptors.request.use((config) => {
  for (const [name, value] of Object.entries(apiRequestHeaders())) config.headers.set(name, value);
  return config;
});

http.interceptors.response.use(
  (response) => response,
  (error: AxiosError<ApiErrorBody>): Promise<never> => {
    const hadToken = Boolean(error.config?.headers?.Authorization);
    if (error.response?.status === 401 && hadToken && !error.config?.skipSessionExpiry) endSession();
    const failure: ApiError = toApiError(error.response?.status ?? 0, error.response?.data, error.message);
    return Promise.reject(failure);
  },
);
