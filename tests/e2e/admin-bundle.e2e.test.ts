import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "./playwright.config";
import { origin } from "./support/app";

/**
 * The sign-in page's JavaScript on the wire, compressed, may not grow past this. Measured at
 * 290 KB (brotli) when precompression and the split landed; issue 8's goal is 260 KB, which is
 * not reached yet (the language switcher's menu, antd's <App> and the notification's progress bar
 * still load with the page), so this guards against growth until it is.
 */
const LOGIN_SCRIPT_BUDGET = 300 * 1024;
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
  /** Quill's editor class: rich text has no business on the sign-in page, whatever its chunk is called. */
  bringsQuill: boolean;
}

async function describeScript(response: Response): Promise<FetchedScript> {
  const headers = await response.allHeaders();
  const body = await response.body();
  return {
    path: new URL(response.url()).pathname,
    encoding: headers["content-encoding"] ?? "identity",
    wireBytes: (await response.request().sizes()).responseBodySize,
    decodedBytes: body.length,
    cacheControl: headers["cache-control"] ?? "",
    vary: headers.vary ?? "",
    bringsQuill: body.toString("utf8").includes("ql-editor"),
  };
}

describe("the sign-in page's JavaScript (issue 8)", () => {
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

  it(`weighs at most ${LOGIN_SCRIPT_BUDGET / 1024} KB on the wire`, () => {
    const total = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
    const listing = scripts.map((script) => `${script.path} ${script.encoding} ${script.wireBytes}`).join("\n");
    expect(total, `login scripts on the wire:\n${listing}`).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET);
  });

  it("fetches no chart, rich-text, table or form chunk of the console", () => {
    expect(scripts.map((script) => script.path).filter((path) => CONSOLE_ONLY_CHUNK.test(path))).toEqual([]);
    expect(scripts.filter((script) => script.bringsQuill).map((script) => script.path)).toEqual([]);
  });
});
