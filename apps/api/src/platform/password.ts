import { type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { hash, type Options, verify } from "@node-rs/argon2";

/**
 * Passwords are hashed with Argon2id at OWASP's first recommendation (Password Storage Cheat
 * Sheet: m=19 MiB, t=2, p=1): memory-hard like scrypt, but about 12 ms of a core here instead of
 * scrypt's 400 ms at OWASP's N=2^17 — so a placement day's rush of sign-ins fits on two cores,
 * while a guess still costs an attacker 19 MiB of memory. The parameters travel with each hash
 * (PHC string), so a later change still verifies old hashes; those of an older kind (scrypt) or
 * cost are replaced at their owner's next sign-in (`needsRehash`).
 *
 * `cost` is the configured work (PASSWORD_HASH_COST): 17, the default, is OWASP's 19 MiB; each
 * step below halves the memory (tests run at 12, 608 KiB), each step above doubles it.
 */
const OWASP_COST = 17;
const OWASP_MEMORY_KIB = 19_456;
const TIME_COST = 2;
const PARALLELISM = 1;
/** The package's `Algorithm.Argon2id`, a const enum this build cannot read by name. */
const ARGON2ID = 2 as Options["algorithm"];

const optionsFor = (cost: number): Options => ({
  algorithm: ARGON2ID,
  memoryCost: Math.max(64, Math.round(OWASP_MEMORY_KIB * 2 ** (cost - OWASP_COST))),
  timeCost: TIME_COST,
  parallelism: PARALLELISM,
});

export async function hashPassword(password: string, cost: number): Promise<string> {
  return hash(password.normalize("NFKC"), optionsFor(cost));
}

/** Whether `stored` is a hash a password can match (an imported account's placeholder is none). */
export const isPasswordHash = (stored: string): boolean =>
  stored.startsWith("$argon2id$") || stored.startsWith("scrypt$");

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2id$")) {
    try {
      return await verify(stored, password.normalize("NFKC"));
    } catch {
      return false;
    }
  }
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  return false;
}

/** A hash of another kind or cost than this configuration makes: replaced when its owner next signs in. */
export function needsRehash(stored: string, cost: number): boolean {
  const { memoryCost, timeCost, parallelism } = optionsFor(cost);
  return !stored.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

/* scrypt, the hashes made before Argon2id: verified until their owners sign in once more. */

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? 0) * (options.r ?? 8) * 2;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hashed] = stored.split("$");
  if (!salt || !hashed) return false;
  const expected = Buffer.from(hashed, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
