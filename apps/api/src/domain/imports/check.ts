import {
  FULL_NAME_MAX_LENGTH,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportError,
  importKey,
  MAX_PROFILE_TAGS,
  parseImportDate,
  parseImportInteger,
  parseImportList,
  type Role,
  toLatinDigits,
  VALIDATION_MESSAGES,
  type ValidationMessage,
  validateEmail,
  validatePhone,
  YEAR_MAX,
  YEAR_MIN,
} from "@csc/shared";
import type { Kysely, Selectable } from "kysely";
import type { Database, UserTable } from "../../platform/db/schema.js";
import type { Translate } from "../../platform/messages.js";
import { type Cells, headerColumns, UnreadableFile } from "./sheet.js";

/** The learner columns a row sets: only those its cells fill (an empty cell leaves the account's value). */
export type LearnerValues = Partial<{
  full_name: string;
  phone: string;
  program_department_id: number;
  year: number;
  date_of_birth: string;
  province_id: number;
  district_id: number;
  municipality_id: number;
  skills: string;
}>;

/** What a valid row does: make an account, change one of this list's, or nothing. */
export type RowPlan =
  | { kind: "create"; row: number; email: string; full_name: string; values: LearnerValues }
  | { kind: "update"; row: number; id: number; values: LearnerValues }
  | { kind: "unchanged"; row: number };

export interface ImportPlan {
  total: number;
  invalid: number;
  errors: ImportError[];
  rows: RowPlan[];
}

/** The list a file loads into: whose learners, with which role. */
export interface ImportTarget {
  institutionId: number;
  role: Role;
}

interface Place {
  id: number;
  parent: number | null;
}

/** Where a name points, by its English or Nepali spelling; a name two places share points nowhere alone. */
class Names<T> {
  private readonly byKey = new Map<string, T[]>();
  add(names: readonly string[], value: T) {
    for (const name of new Set(names.filter(Boolean).map(importKey))) {
      const list = this.byKey.get(name) ?? [];
      list.push(value);
      this.byKey.set(name, list);
    }
  }
  find(name: string): T[] {
    return this.byKey.get(importKey(name)) ?? [];
  }
}

/** A local level's type, as its name ends in either language: it may be left out. */
const LEVEL_SUFFIXES =
  /\s+(metropolitan city|sub-metropolitan city|rural municipality|municipality|महानगरपालिका|उपमहानगरपालिका|गाउँपालिका|नगरपालिका)$/i;

/** What every row is checked against, read once per file. */
interface Lookups {
  programs: Names<number>;
  provinces: Names<Place>;
  districts: Names<Place>;
  municipalities: Names<Place>;
  provinceOfDistrict: Map<number, number>;
}

async function lookups(db: Kysely<Database>, institutionId: number): Promise<Lookups> {
  const programs = new Names<number>();
  const rows = await db
    .selectFrom("program_departments")
    .select(["id", "name"])
    .where((eb) => eb.or([eb("institution_id", "is", null), eb("institution_id", "=", institutionId)]))
    .execute();
  for (const row of rows) programs.add([row.name], row.id);
  const provinces = new Names<Place>();
  for (const row of await db.selectFrom("provinces").select(["id", "name", "name_np"]).execute()) {
    provinces.add([row.name, row.name_np], { id: row.id, parent: null });
  }
  const districts = new Names<Place>();
  const provinceOfDistrict = new Map<number, number>();
  for (const row of await db.selectFrom("districts").select(["id", "name", "name_np", "province_id"]).execute()) {
    districts.add([row.name, row.name_np], { id: row.id, parent: row.province_id });
    provinceOfDistrict.set(row.id, row.province_id);
  }
  const municipalities = new Names<Place>();
  for (const row of await db.selectFrom("municipalities").select(["id", "name", "name_np", "district_id"]).execute()) {
    const names = [row.name, row.name_np];
    municipalities.add([...names, ...names.map((name) => name.replace(LEVEL_SUFFIXES, ""))], {
      id: row.id,
      parent: row.district_id,
    });
  }
  return { programs, provinces, districts, municipalities, provinceOfDistrict };
}

/** The accounts the file's addresses already have, by address (deleted ones too: an address is taken for good). */
async function accountsOf(db: Kysely<Database>, emails: string[]) {
  const found = new Map<string, AccountRow>();
  for (let start = 0; start < emails.length; start += 500) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "role", "institution_id", "deleted_at", ...IMPORT_COLUMNS])
      .where("email", "in", emails.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.email, row);
  }
  return found;
}

/** An account an address of the file already has: what decides whether the row may touch it, and its values. */
type AccountRow = Pick<Selectable<UserTable>, "id" | "role" | "institution_id" | "deleted_at" | ImportColumn>;

type PlaceProblem = "unknownPlace" | "placeOutside" | "ambiguousPlace";

/** The one place a name points to inside `parent` (when known), or why not. */
function placeOf(names: Names<Place>, text: string, parent: number | null): Place | PlaceProblem {
  const all = names.find(text);
  if (all.length === 0) return "unknownPlace";
  const inside = parent === null ? all : all.filter((place) => place.parent === parent);
  if (inside.length === 1 && inside[0]) return inside[0];
  // a name several places share needs the level above to tell them apart
  return inside.length === 0 ? "placeOutside" : "ambiguousPlace";
}

/**
 * Every row of the file checked against the rules of the learner's fields and the list it loads
 * into, each problem under its row and column in the caller's language, and what each valid row
 * would do. Nothing is written.
 */
export async function planImport(
  db: Kysely<Database>,
  localesDir: string,
  t: Translate,
  cells: Cells,
  target: ImportTarget,
): Promise<ImportPlan> {
  const [header = [], ...body] = cells;
  const names = headerColumns(localesDir);
  const columns = header.map((text) => names.get(importKey(text)));
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new UnreadableFile(
      t("imports.missingColumns", { columns: missing.map((column) => t(`fields:${column}`)).join(", ") }),
    );
  }
  const rows = body
    .map((cellsOfRow, index) => {
      const record: Partial<Record<ImportColumn, string>> = {};
      columns.forEach((column, at) => {
        const text = (cellsOfRow[at] ?? "").trim();
        if (column && text && !record[column]) record[column] = text;
      });
      // the spreadsheet's own numbering: its header is row 1
      return { row: index + 2, record };
    })
    .filter(({ record }) => Object.keys(record).length > 0);

  const found = await lookups(db, target.institutionId);
  const emails = rows.map(({ record }) => (record.email ?? "").toLowerCase()).filter(Boolean);
  const accounts = await accountsOf(db, [...new Set(emails)]);

  const errors: ImportError[] = [];
  const plans: RowPlan[] = [];
  const firstRowOf = new Map<string, number>();
  const say = (message: ValidationMessage) => t(message.key, {}, message.message);

  for (const { row, record } of rows) {
    const rowErrors: ImportError[] = [];
    const fail = (field: ImportColumn, message: string) => rowErrors.push({ row, field, message });
    const values: LearnerValues = {};

    const fullName = record.full_name ?? "";
    if (!fullName) fail("full_name", say(VALIDATION_MESSAGES.required));
    else if (fullName.length > FULL_NAME_MAX_LENGTH) fail("full_name", say(VALIDATION_MESSAGES.fullNameTooLong));
    else values.full_name = fullName;

    const email = (record.email ?? "").toLowerCase();
    const account = accounts.get(email);
    const emailProblem = validateEmail(email);
    if (emailProblem) fail("email", say(emailProblem));
    else if (firstRowOf.has(email)) fail("email", t("imports.duplicate", { row: firstRowOf.get(email) ?? 0 }));
    else if (account && (account.institution_id !== target.institutionId || account.deleted_at !== null)) {
      fail("email", t("imports.otherInstitution"));
    } else if (account && account.role !== target.role) fail("email", t("imports.otherRole"));
    if (email && !firstRowOf.has(email)) firstRowOf.set(email, row);

    if (record.phone) {
      const phone = toLatinDigits(record.phone);
      const problem = validatePhone(phone);
      if (problem) fail("phone", say(problem));
      else values.phone = phone;
    }
    if (record.program_department_id) {
      const [program, ...others] = found.programs.find(record.program_department_id);
      if (program === undefined || others.length > 0) fail("program_department_id", t("imports.unknownProgram"));
      else values.program_department_id = program;
    }
    if (record.year) {
      const year = parseImportInteger(record.year);
      if (year === null || year < YEAR_MIN || year > YEAR_MAX) fail("year", say(VALIDATION_MESSAGES.year));
      else values.year = year;
    }
    if (record.date_of_birth) {
      const date = parseImportDate(record.date_of_birth);
      if (date === null) fail("date_of_birth", t("imports.badDate"));
      else values.date_of_birth = date;
    }
    placesOf(record, found, values, fail, t);
    if (record.skills) {
      const skills = parseImportList(record.skills);
      if (skills.length > MAX_PROFILE_TAGS) fail("skills", say(VALIDATION_MESSAGES.tooManyTags));
      else values.skills = JSON.stringify(skills);
    }

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    if (!account) {
      plans.push({ kind: "create", row, email, full_name: fullName, values });
      continue;
    }
    const changed = Object.fromEntries(
      Object.entries(values).filter(([column, value]) => account[column as keyof AccountRow] !== value),
    ) as LearnerValues;
    plans.push(
      Object.keys(changed).length > 0
        ? { kind: "update", row, id: account.id, values: changed }
        : { kind: "unchanged", row },
    );
  }
  const invalid = new Set(errors.map((error) => error.row)).size;
  return { total: rows.length, invalid, errors, rows: plans };
}

/**
 * Province, district and local level by name, each inside the one above when the row names it;
 * a row naming only a lower level gets the levels above from it.
 */
function placesOf(
  record: Partial<Record<ImportColumn, string>>,
  found: Lookups,
  values: LearnerValues,
  fail: (field: ImportColumn, message: string) => void,
  t: Translate,
) {
  let province: number | null = null;
  let district: number | null = null;
  if (record.province_id) {
    const place = placeOf(found.provinces, record.province_id, null);
    if (typeof place === "string") return fail("province_id", t(`imports.${place}`));
    province = place.id;
  }
  if (record.district_id) {
    const place = placeOf(found.districts, record.district_id, province);
    if (typeof place === "string") return fail("district_id", t(`imports.${place}`));
    district = place.id;
    province = place.parent;
  }
  if (record.municipality_id) {
    const place = placeOf(found.municipalities, record.municipality_id, district);
    if (typeof place === "string") return fail("municipality_id", t(`imports.${place}`));
    values.municipality_id = place.id;
    district = place.parent;
    if (district !== null) province = found.provinceOfDistrict.get(district) ?? province;
  }
  if (district !== null) values.district_id = district;
  if (province !== null) values.province_id = province;
}
