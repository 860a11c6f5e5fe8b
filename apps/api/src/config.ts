import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_ADMIN_SUBDOMAIN, DEFAULT_ROOT_DOMAIN } from "@csc/shared";
import { STALE_CLAIM_MS } from "./platform/mail-queue.js";

/** The repository root: `data/`, `locales/` and the built admin are found from here. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Keep answers of read-only statements until a write (embedded SQLite only; platform/db/connect.ts). */
  resultCache: boolean;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  rootDomain: string;
  adminSubdomain: string;
  /**
   * Who may say where a request came from: false (nobody: the socket's address is the client's),
   * a count of proxy hops in front of us (the client is that many entries from the right of
   * `X-Forwarded-For`), or the addresses of our proxies. Never "believe every header".
   */
  trustProxy: false | number | string[];
  /** MAINTENANCE_MODE=true: the API answers 503 but for what the maintenance page needs (platform/plugins/request.ts). */
  maintenanceMode: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  demoPassword: string;
  captchaSiteKey: string | null;
  /** Checks the captcha answer of a public application on the server; set whenever the site key is. */
  captchaSecretKey: string | null;
  /** Where captcha answers are verified (hCaptcha's `siteverify`, or a compatible service). */
  captchaVerifyUrl: string;
  courseSiteLoginUrl: string | null;
  courseSiteEditUrl: string | null;
  /** Signs the course site's completion callbacks (HMAC-SHA256); unset turns the callback off. */
  courseSiteSecret: string | null;
  /**
   * Follow an institution's identity provider over plain http when it is on loopback (a provider
   * on this machine, in development and the tests); https only otherwise. Off unless asked for.
   */
  oidcAllowHttpLoopback: boolean;
  /** The work of a password hash (password.ts): 17 is OWASP's Argon2id (19 MiB, t=2); each step below halves the memory (tests). */
  passwordHashCost: number;
  /** Password hashes computed at once, and how many may wait, before sign-in answers 503. */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /** How long staff may undo a change of applicants; the applicants' mail for it waits as long. */
  pipelineUndoSeconds: number;
  /** How old a queued mail's claim must be before another process takes it over (its sender died). */
  mailClaimStaleSeconds: number;
  localesDir: string;
  /** Where the certificate PDF's Noto fonts are (Debian's fonts-noto-core). */
  certificateFontDir: string;
  /** Record translation keys the admin reports missing: a development aid, off unless asked for. */
  localesSaveMissing: boolean;
  adminDistDir: string;
  logLevel: string;
}

export class ConfigError extends Error {}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === "" ? fallback : value === "true" || value === "1";

function required<T>(problems: string[], name: string, value: T | undefined, check: (v: T) => boolean, hint: string) {
  if (value !== undefined && !check(value)) problems.push(`${name}: ${hint}`);
}

/** Embedded default: a JWT secret generated once and kept under data/. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const IP_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

/**
 * TRUST_PROXY → what Fastify's `trustProxy` takes; undefined when it is not valid. `true` is one
 * hop: the load balancer right in front of us, whose own entry is the last of X-Forwarded-For.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] | undefined {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const addresses = text.split(",").map((part) => part.trim());
  return addresses.every((address) => IP_OR_CIDR.test(address)) ? addresses : undefined;
}

/** Environment → typed config, validated at start-up with one clear message listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, "data"));
  const databaseUrl = env.DATABASE_URL || `sqlite:${join(dataDir, "csc.sqlite")}`;
  const port = Number(env.PORT ?? 3000);
  const cost = Number(env.PASSWORD_HASH_COST ?? 17);
  const hashConcurrency = Number(env.PASSWORD_HASH_CONCURRENCY ?? availableParallelism());
  const hashQueue = Number(env.PASSWORD_HASH_QUEUE ?? 16);
  const undoSeconds = Number(env.PIPELINE_UNDO_SECONDS ?? 15);
  const claimStaleSeconds = Number(env.MAIL_CLAIM_STALE_SECONDS ?? STALE_CLAIM_MS / 1000);
  required(problems, "PORT", env.PORT, () => Number.isInteger(port) && port > 0 && port < 65536, "a port number");
  required(
    problems,
    "DATABASE_URL",
    databaseUrl,
    (v) => v.startsWith("sqlite:") || /^postgres(ql)?:\/\//.test(v),
    "sqlite:<path> or postgres://…",
  );
  required(problems, "SMTP_URL", env.SMTP_URL, (v) => v === "" || /^smtps?:\/\//.test(v), "smtp://… or smtps://…");
  required(problems, "PASSWORD_HASH_COST", env.PASSWORD_HASH_COST, () => cost >= 10 && cost <= 20, "10 to 20");
  required(
    problems,
    "PASSWORD_HASH_CONCURRENCY",
    env.PASSWORD_HASH_CONCURRENCY,
    () => Number.isInteger(hashConcurrency) && hashConcurrency >= 1 && hashConcurrency <= 64,
    "1 to 64",
  );
  required(
    problems,
    "PASSWORD_HASH_QUEUE",
    env.PASSWORD_HASH_QUEUE,
    () => Number.isInteger(hashQueue) && hashQueue >= 0 && hashQueue <= 1000,
    "0 to 1000",
  );
  required(
    problems,
    "PIPELINE_UNDO_SECONDS",
    env.PIPELINE_UNDO_SECONDS,
    () => Number.isInteger(undoSeconds) && undoSeconds >= 1 && undoSeconds <= 600,
    "1 to 600",
  );
  required(
    problems,
    "MAIL_CLAIM_STALE_SECONDS",
    env.MAIL_CLAIM_STALE_SECONDS,
    () => Number.isInteger(claimStaleSeconds) && claimStaleSeconds >= 10 && claimStaleSeconds <= 3600,
    "10 to 3600",
  );
  required(problems, "JWT_SECRET", env.JWT_SECRET, (v) => v.length >= 32, "at least 32 characters");
  required(
    problems,
    "COURSE_SITE_SECRET",
    env.COURSE_SITE_SECRET,
    (v) => v === "" || v.length >= 32,
    "at least 32 characters",
  );
  required(
    problems,
    "ROOT_DOMAIN",
    env.ROOT_DOMAIN,
    (v) => /^[a-z0-9.-]+$/i.test(v),
    "a host name such as example.org",
  );
  required(
    problems,
    "CAPTCHA_VERIFY_URL",
    env.CAPTCHA_VERIFY_URL,
    (v) => v === "" || /^https?:\/\/[^\s]+$/.test(v),
    "an http(s):// address",
  );
  required(
    problems,
    "OIDC_ALLOW_HTTP_LOOPBACK",
    env.OIDC_ALLOW_HTTP_LOOPBACK,
    (v) => ["", "true", "false", "1", "0"].includes(v),
    "true or false",
  );
  required(
    problems,
    "LOCALES_SAVE_MISSING",
    env.LOCALES_SAVE_MISSING,
    (v) => ["", "true", "false", "1", "0"].includes(v),
    "true or false",
  );
  if (env.CAPTCHA_SITE_KEY && !env.CAPTCHA_SECRET_KEY) {
    problems.push("CAPTCHA_SECRET_KEY: required when CAPTCHA_SITE_KEY is set (public applications verify the captcha)");
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy === undefined) {
    problems.push(
      "TRUST_PROXY: false, a count of proxy hops (1 to 10; true means 1), or proxy addresses separated by commas",
    );
  }
  const embedded = databaseUrl.startsWith("sqlite:");
  if (!env.JWT_SECRET && !embedded) problems.push("JWT_SECRET: required when DATABASE_URL is not the embedded SQLite");
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl,
    resultCache: bool(env.RESULT_CACHE, true),
    dataDir,
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? "8h",
    rootDomain: (env.ROOT_DOMAIN ?? DEFAULT_ROOT_DOMAIN).toLowerCase(),
    adminSubdomain: env.ADMIN_SUBDOMAIN ?? DEFAULT_ADMIN_SUBDOMAIN,
    trustProxy: trustProxy ?? false,
    maintenanceMode: env.MAINTENANCE_MODE === "true",
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? "Career Service Center <no-reply@localhost>",
    seedDemo: bool(env.SEED_DEMO, true),
    demoPassword: env.DEMO_PASSWORD ?? "CareerDemo#2026",
    captchaSiteKey: env.CAPTCHA_SITE_KEY || null,
    captchaSecretKey: env.CAPTCHA_SECRET_KEY || null,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || "https://hcaptcha.com/siteverify",
    courseSiteLoginUrl: env.COURSE_SITE_LOGIN_URL || null,
    courseSiteEditUrl: env.COURSE_SITE_EDIT_URL || null,
    courseSiteSecret: env.COURSE_SITE_SECRET || null,
    oidcAllowHttpLoopback: bool(env.OIDC_ALLOW_HTTP_LOOPBACK, false),
    passwordHashCost: cost,
    passwordHashConcurrency: hashConcurrency,
    passwordHashQueue: hashQueue,
    pipelineUndoSeconds: undoSeconds,
    mailClaimStaleSeconds: claimStaleSeconds,
    localesDir: resolve(env.LOCALES_DIR ?? join(REPO_ROOT, "locales")),
    certificateFontDir: resolve(env.CERTIFICATE_FONT_DIR || "/usr/share/fonts/truetype/noto"),
    localesSaveMissing: bool(env.LOCALES_SAVE_MISSING, false),
    adminDistDir: resolve(env.ADMIN_DIST_DIR ?? join(REPO_ROOT, "apps/admin/dist")),
    logLevel: env.LOG_LEVEL ?? "info",
  };
}
