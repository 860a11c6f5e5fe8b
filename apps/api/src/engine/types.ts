import type { ResourceDefinition } from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { SessionUser } from "../domain/accounts.js";
import type { Database } from "../platform/db/schema.js";
import type { Translate } from "../platform/messages.js";
import type { Sheet } from "./export.js";

/** A row's values by column, as a body gives them or the store holds them. */
export type Values = Record<string, unknown>;
/** Translated messages by field, each shown under its field. */
export type FieldErrors = Record<string, string>;

/** A row about to be written: all of it, the columns this write sets, and who writes it. */
export interface RowWrite {
  db: Kysely<Database>;
  resource: ResourceDefinition;
  row: Values;
  changed: Values;
  user: SessionUser;
  t: Translate;
}

/**
 * What a table asks of the generic engine beyond the registry and the ability: rules that need
 * the stored row or the caller, columns no body gives, and work once a row is in. The update and
 * delete hooks run on a row the caller's reach has already found.
 */
export interface ResourceHooks {
  /** The table's own rules on a row about to be written: errors by field. */
  rowErrors?: (write: RowWrite) => Promise<FieldErrors>;
  /** Throws when the caller may not change this row after all; answers the values they may change. */
  beforeUpdate?: (request: FastifyRequest, resource: ResourceDefinition, current: Values, values: Values) => Values;
  /** Throws when the caller may not delete this row after all. */
  beforeDelete?: (request: FastifyRequest, resource: ResourceDefinition, current: Values) => void;
  /** The row to insert, once it passed every check: with the columns the database needs and no body gives. */
  prepareInsert?: (request: FastifyRequest, row: Values) => Promise<Values>;
  /** Once the new row is in, in its transaction (`trx`): what comes with it, such as its mail (queued). */
  afterInsert?: (trx: Kysely<Database>, request: FastifyRequest, id: number) => Promise<void>;
  /** Rows as this reader may see them, beyond the field rules: what depends on other rows or on them. */
  readRows?: (request: FastifyRequest, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /**
   * The export of rows as the reader reads them, when it is not one column per readable field:
   * its sheet and the parts of its file name.
   */
  exportSheet?: (request: FastifyRequest, rows: Record<string, unknown>[]) => Promise<{ sheet: Sheet; name: string[] }>;
}
