import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { freshDatabase } from "./fresh-database.js";
import { type Mailbox, startMailbox } from "./mailbox.js";

export { freshDatabase };

export const DEMO_PASSWORD = "CareerDemo#2026";
export const JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

export interface TestApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "csc-data-"));
  let app: FastifyInstance;
  try {
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET,
      PASSWORD_HASH_COST: "10",
      SEED_DEMO: "true",
      DEMO_PASSWORD,
      ...env,
    });
    app = await buildApp(config, { logger: process.env.TEST_LOG === "1", ...options });
    await app.ready();
  } catch (error) {
    // a setting refused (a test of the refusal) or a failed start leaves no database behind
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MailedTestApp extends TestApp {
  mailbox: Mailbox;
  /**
   * Sends every mail due now and waits until the mailbox has it: mail leaves through the queue
   * a moment after the answer (the worker is woken at once), so a test reads it after this.
   */
  deliverMail: () => Promise<void>;
}

/** A test app whose mail goes over SMTP to a real mailbox on loopback, where tests read it. */
export async function createMailedTestApp(env: Record<string, string> = {}): Promise<MailedTestApp> {
  const mailbox = await startMailbox();
  const test = await createTestApp({ SMTP_URL: mailbox.url, ...env });
  return {
    ...test,
    mailbox,
    deliverMail: async () => {
      await test.app.mailQueue.drain();
    },
    close: async () => {
      await test.close();
      await mailbox.close();
    },
  };
}

export const hostOf = (site: "provider" | "kmc" | "himal" | "recruiter" | string) =>
  site === "provider" ? "localhost" : `${site}.localhost`;

export async function login(app: FastifyInstance, email: string, site: string, password = DEMO_PASSWORD) {
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { host: hostOf(site) },
    payload: { email, password },
  });
}

export async function tokenFor(app: FastifyInstance, email: string, site: string): Promise<string> {
  const res = await login(app, email, site);
  if (res.statusCode !== 200) throw new Error(`login ${email} on ${site}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const body = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();

/** A multipart body of text fields and one file, as a browser's FormData sends it. */
export function multipartBody(
  file: { name: string; content: Buffer | string; type?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----csc-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "text/csv"}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
