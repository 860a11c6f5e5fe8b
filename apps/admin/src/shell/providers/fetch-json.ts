import { type ApiError, toApiError } from "./api-error";
import { apiRequestHeaders } from "./request-headers";
import { endSession } from "./session";

/**
 * `POST` with plain `fetch`, for the sign-in screen, which loads without the console's axios
 *. Same headers, same 401 handling and the same rejection (ApiError) as `http`.
 */
export async function postJson<T>(url: string, body: unknown, { skipSessionExpiry = false } = {}): Promise<T> {
  const headers = apiRequestHeaders();
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
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
  return data as T;
}
