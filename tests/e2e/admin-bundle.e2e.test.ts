import { get } from "node:http";
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { origin } from "./support/app";

/**
 * The goal: the sign-in page's JavaScript weighs at most 260 KB on the wire for a client
 * that accepts gzip only (the larger of the two encodings; brotli comes out smaller). Measured at
 * 328 KB gzip / 290 KB brotli before the language menu, antd's <App>, notifications, axios and
 * the query client left the first load, about 250 KB gzip / 222 KB brotli after.
 */
const LOGIN_SCRIPT_BUDGET = 260 * 1024;
/** Files this small are not precompressed: the encoding would cost more than it saves. */
const PRECOMPRESS_MIN_BYTES = 1024;
/** Chunks that only the console's screens need: charts, rich text, resource tables and forms. */
const CONSOLE_ONLY_CHUNK =
  /\/assets\/(Dashboard|RichTextInput|ResourceList|ResourceForm|ResourcePage|quill|plots|chart)/i;

interface FetchedScript {
  path: string;
  encoding: string;
  wireBytes: number;
  decodedBytes: number;
  cacheControl: string;
  vary: string;
  /** The same file's bytes on the wire when the client accepts gzip only. */
  gzipBytes: number;
  /** Quill's editor class: rich text has no business on the sign-in page, whatever its chunk is called. */
  bringsQuill: boolean;
  /** axios or the react-query client: the console's HTTP and cache, loaded after sign-in. */
  bringsConsoleClient: boolean;
}

/**
 * One GET with `Accept-Encoding: gzip`, its body counted as sent (node:http never decodes). To
 * loopback with the page's Host: Node does not resolve `*.localhost` the way Chromium is told to.
 */
function gzipBytesOf(url: string): Promise<number> {
  const { host, port, pathname, search } = new URL(url);
  const request = { host: "127.0.0.1", port, path: pathname + search, headers: { host, "accept-encoding": "gzip" } };
  return new Promise((resolve, reject) => {
    get(request, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

async function describeScript(response: Response): Promise<FetchedScript> {
  const headers = await response.allHeaders();
  const body = await response.body();
  const text = body.toString("utf8");
  return {
    path: new URL(response.url()).pathname,
    encoding: headers["content-encoding"] ?? "identity",
    wireBytes: (await response.request().sizes()).responseBodySize,
    decodedBytes: body.length,
    cacheControl: headers["cache-control"] ?? "",
    vary: headers.vary ?? "",
    gzipBytes: await gzipBytesOf(response.url()),
    bringsQuill: text.includes("ql-editor"),
    // axios marks its errors so; react-query complains so without a client
    bringsConsoleClient: text.includes("isAxiosError") || text.includes("No QueryClient set"),
  };
}

describe("the sign-in page's JavaScript", () => {
  let browser: Browser;
  let scripts: FetchedScript[];

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    });
    await page.goto(`${origin("kmc")}/login`);
    await page.locator("form#login").waitFor();
    await page.waitForLoadState("networkidle");
    scripts = await Promise.all(responses.map(describeScript));
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("arrives compressed, brotli or gzip, from the prebuilt files", () => {
    expect(scripts.length).toBeGreaterThan(0);
    const uncompressed = scripts.filter(
      (script) => script.decodedBytes >= PRECOMPRESS_MIN_BYTES && !["br", "gzip"].includes(script.encoding),
    );
    expect(uncompressed.map((script) => script.path)).toEqual([]);
    for (const script of scripts) {
      expect(script.vary.toLowerCase()).toContain("accept-encoding");
      expect(script.cacheControl).toBe("public, max-age=31536000, immutable");
    }
  });

  it(`weighs at most ${LOGIN_SCRIPT_BUDGET / 1024} KB on the wire, gzip-compressed and as the browser got it`, () => {
    const gzip = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const browser = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
    const listing = scripts
      .map((script) => `${script.path} gzip ${script.gzipBytes}, ${script.encoding} ${script.wireBytes}`)
      .join("\n");
    expect(gzip, `login scripts, gzip:\n${listing}`).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET);
    expect(browser, `login scripts as the browser got them:\n${listing}`).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET);
  });

  it("fetches no chart, rich-text, table or form chunk of the console", () => {
    expect(scripts.map((script) => script.path).filter((path) => CONSOLE_ONLY_CHUNK.test(path))).toEqual([]);
    expect(scripts.filter((script) => script.bringsQuill).map((script) => script.path)).toEqual([]);
  });

  it("signs in without the console's HTTP client and query cache (axios, react-query)", () => {
    expect(scripts.filter((script) => script.bringsConsoleClient).map((script) => script.path)).toEqual([]);
  });
});
