/** One error shape for the whole API: `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message: string, errors?: Record<string, string>, extra?: Record<string, unknown>) =>
  new HttpError(401, message, errors, extra);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(403, message, undefined, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);

export const throttled = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, undefined, { "Retry-After": String(retryAfterSeconds) });
