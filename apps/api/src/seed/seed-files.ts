import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Static, type TProperties, type TSchema, Type } from "typebox";
import { Value } from "typebox/value";
import { REPO_ROOT } from "../config.js";

/**
 * The top-level `seeds/` folder, found from the code's own location (REPO_ROOT), not the
 * working directory: the same from source (vitest) and from apps/api/dist (`npm start`, `npm run seed`).
 */
const SEEDS = join(REPO_ROOT, "seeds");

/** How many of a malformed file's problems the error lists: enough to fix it, short enough to read. */
const ERRORS_SHOWN = 5;

/**
 * Reads `seeds/<path>` (JSON) and checks it against `schema`, so a malformed data file stops the
 * seed with a message naming the file and the places that are wrong, before any row is written.
 */
export function loadSeedFile<Schema extends TSchema>(path: string, schema: Schema): Static<Schema> {
  const file = join(SEEDS, path);
  return parseSeedFile(file, readFileSync(file, "utf8"), schema);
}

/** The checks of `loadSeedFile` on a file's text: JSON syntax first, then the schema. */
export function parseSeedFile<Schema extends TSchema>(file: string, text: string, schema: Schema): Static<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`Seed file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(schema, value)) {
    const problems = Value.Errors(schema, value)
      .slice(0, ERRORS_SHOWN)
      .map((problem) => `${problem.instancePath || "/"} ${problem.message}`);
    throw new Error(`Seed file ${file} is malformed:\n  ${problems.join("\n  ")}`);
  }
  return value;
}

/** An object schema that also rejects unknown keys, so a misspelt field name is caught, not ignored. */
export const strictObject = <Properties extends TProperties>(properties: Properties) =>
  Type.Object(properties, { additionalProperties: false });
