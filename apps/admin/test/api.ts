import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { FastifyInstance, InjectOptions } from "fastify";
import { bearer, createTestApp, hostOf, type TestApp, tokenFor } from "../../api/test/helpers.js";
import { http } from "../src/shell/providers/http";
import type { CurrentUser, Meta, PublicConfig } from "../src/shell/session/types";

/** A demo account (apps/api/test/accounts.ts) and the site it signs in on. */
export interface Account {
  email: string;
  site: "provider" | "kmc" | "himal" | "recruiter";
}

/** What the app has once someone signed in: the token, their profile and their menu, from the API. */
export interface SignedIn {
  account: Account;
  token: string;
  user: CurrentUser;
  meta: Meta;
  config: PublicConfig;
}

/** A request the admin sent, as the API answered it. */
export interface SentRequest {
  method: string;
  url: string;
  status: number;
}

/**
 * The API of one test file, in-process: the app the API's own tests build (a fresh SQLite
 * database, the demo data seeded), and the admin's axios instance and its plain `fetch` calls
 * (shell/providers/fetch-json.ts) routed to it. The admin's data provider, interceptors and error
 * handling run as in the browser; only the transport is `app.inject` instead of a socket.
 */
export interface InProcessApi {
  app: FastifyInstance;
  /** Every call the admin made since the last `sent.length = 0`. */
  sent: SentRequest[];
  /** Signs in, reads the profile and the menu as the app does, and sends later calls to their site. */
  signIn: (account: Account) => Promise<SignedIn>;
  /** A call of the test's own, as `account` on their site (to check what a page saved). */
  inject: <T = unknown>(account: Account, options: InjectOptions) => Promise<{ status: number; body: T }>;
  close: () => Promise<void>;
}

function responseData(config: InternalAxiosRequestConfig, raw: Buffer, text: string): unknown {
  if (config.responseType === "blob") return new Blob([new Uint8Array(raw)]);
  if (config.responseType === "arraybuffer") return raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length);
  // axios's own transformResponse parses JSON, as it does for the browser's XHR text
  return text;
}

export async function startApi(): Promise<InProcessApi> {
  const test: TestApp = await createTestApp();
  const { app } = test;
  const sent: SentRequest[] = [];
  const tokens = new Map<string, string>();
  let host = hostOf("provider");

  /** A call over the in-process transport, on the current site, recorded in `sent`. */
  const send = async (
    method: InjectOptions["method"] & string,
    url: URL,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const answer = await app.inject({
      method,
      url: url.pathname + url.search,
      headers: { host, ...headers },
      ...(body !== undefined ? { payload: body } : {}),
    });
    sent.push({ method, url: url.pathname + url.search, status: answer.statusCode });
    return answer;
  };

  const previousAdapter = http.defaults.adapter;
  http.defaults.adapter = async (config) => {
    if (config.data !== undefined && typeof config.data !== "string") {
      throw new Error(`the in-process transport sends JSON bodies only, not ${String(config.data)}`);
    }
    const url = new URL(http.getUri(config), "http://admin.test");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      if (typeof value === "string") headers[name.toLowerCase()] = value;
    }
    // as axios's XHR adapter does in the browser: no body, no content type (a DELETE's JSON type without a body is a 400)
    if (config.data === undefined) delete headers["content-type"];
    const method = (config.method ?? "get").toUpperCase() as InjectOptions["method"] & string;
    const answer = await send(method, url, headers, config.data as string | undefined);
    const response: AxiosResponse = {
      data: responseData(config, answer.rawPayload, answer.body),
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: new AxiosHeaders(answer.headers as Record<string, string>),
      config,
      request: {},
    };
    const valid = config.validateStatus ? config.validateStatus(answer.statusCode) : true;
    if (valid) return response;
    const code = answer.statusCode >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${answer.statusCode}`, code, config, {}, response);
  };

  // `fetch` of an API path (what the pages outside the console send) goes to the same app; the
  // locale files and the live stream stay with the setup file's `fetch`, which this one falls back to
  const previousFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://admin.test");
    if (!url.pathname.startsWith("/api/") || url.pathname.startsWith("/api/locales/"))
      return previousFetch(input, init);
    if (init?.body !== undefined && init.body !== null && typeof init.body !== "string") {
      throw new Error("the in-process transport sends JSON bodies only");
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? "GET").toUpperCase() as InjectOptions["method"] & string;
    const answer = await send(method, url, headers, typeof init?.body === "string" ? init.body : undefined);
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };

  const tokenOf = async (account: Account) => {
    const known = tokens.get(account.email);
    if (known) return known;
    const token = await tokenFor(app, account.email, account.site);
    tokens.set(account.email, token);
    return token;
  };

  const inject: InProcessApi["inject"] = async (account, options) => {
    const token = await tokenOf(account);
    const answer = await app.inject({
      ...options,
      headers: { host: hostOf(account.site), ...bearer(token), ...options.headers },
    });
    return { status: answer.statusCode, body: answer.body ? answer.json() : (undefined as never) };
  };

  return {
    app,
    sent,
    inject,
    signIn: async (account) => {
      const token = await tokenOf(account);
      const read = async <T>(url: string) => {
        const answer = await inject<{ data: T }>(account, { method: "GET", url });
        if (answer.status !== 200) throw new Error(`${url} for ${account.email}: ${answer.status}`);
        return answer.body.data;
      };
      const [user, meta] = await Promise.all([read<CurrentUser>("/api/profile"), read<Meta>("/api/meta")]);
      const config = await app.inject({ url: "/api/public/config", headers: { host: hostOf(account.site) } });
      host = hostOf(account.site);
      return { account, token, user, meta, config: config.json<{ data: PublicConfig }>().data };
    },
    close: async () => {
      http.defaults.adapter = previousAdapter;
      globalThis.fetch = previousFetch;
      await test.close();
    },
  };
}
