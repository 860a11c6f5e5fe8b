import type { HttpError } from "@refinedev/core";

/** The API's error body: `{ message, errors?: { field: message } }`, sometimes more. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string | string[]>;
  email_verified?: boolean;
  /** Sign-in: this browser needs the code mailed to the account. */
  code_required?: boolean;
  [key: string]: unknown;
}

/** What every failed call rejects with: refine's HttpError plus the whole body. */
export interface ApiError extends HttpError {
  body: ApiErrorBody;
}

/** An ApiError from a response's status and body; `fallback` when the body has no message. */
export function toApiError(statusCode: number, data: unknown, fallback: string): ApiError {
  const body: ApiErrorBody = data && typeof data === "object" ? (data as ApiErrorBody) : {};
  return { message: body.message ?? fallback, statusCode, errors: body.errors, body };
}

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === "object" && value !== null && "statusCode" in value && "body" in value;
