import { type ApiError, toApiError } from "./api-error";
import { apiRequestHeaders } from "./request-headers";
import { endSession } from "./session";

/**
 * `POST` with plain `fetch`, for the sign-in screen, which loads without the console's axios
 *. Same headers, same 401 handling and the same rejection (ApiError) as `http`.
 */
export function postJson<T>(url: string, body: unknown, { skipSessionExpiry = false } = {}): Promise<T> {
  return requestJson<T>(url, { method: "POST", body: JSON.stringify(body) }, skipSessionExpiry);
}

/**
 * `PATCH` with plain `fetch`, for what the header does on the sign-in screen too (the language
 * switcher telling the API the mail language).
 */
export function patchJson<T>(url: string, body: unknown, { skipSessionExpiry = false } = {}): Promise<T> {
  return requestJson<T>(url, { method: "PATCH", body: JSON.stringify(body) }, skipSessionExpiry);
}

/** `GET` with plain `fetch`, for the pages outside the console (single sign-on's test result). */
export function getJson<T>(url: string): Promise<T> {
  return requestJson<T>(url, { method: "GET" }, false);
}

/** `GET` with plain `fetch`, with the answer's headers too (a page of a list and its `X-Total-Count`). */
export function getJsonAnswer<T>(url: string): Promise<{ data: T; headers: Headers }> {
  return request<T>(url, { method: "GET" }, false);
}

async function requestJson<T>(url: string, init: RequestInit, skipSessionExpiry: boolean): Promise<T> {
  return (await request<T>(url, init, skipSessionExpiry)).data;
}

async function request<T>(
  url: string,
  init: RequestInit,
  skipSessionExpiry: boolean,
): Promise<{ data: T; headers: Headers }> {
  const headers = apiRequestHeaders();
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...headers,
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        Accept: "application/json",
      },
    });
  } catch (error) {
    const failure: ApiError = {
      message: error instanceof Error ? error.message : String(error),
      statusCode: 0,
      body: {},
    };
    throw failure;
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && headers.Authorization && !skipSessionExpiry) endSession();
    throw toApiError(response.status, data, `Request failed with status code ${response.status}`);
  }
  return { data: data as T, headers: response.headers };
}
