import { learnerRoleFor } from "@csc/shared";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../platform/db/schema.js";
import { MAX_ATTEMPTS } from "../platform/mail-queue.js";
import { hashPassword } from "../platform/password.js";
import { nowIso } from "../platform/time.js";
import { seedApplications } from "./applications.js";
import { seedAttempts } from "./assessment-attempts.js";
import { loadContext, seedCatalogue } from "./catalogue.js";
import {
  ACCOUNTS,
  FAILED_MAILS,
  FEATURE_PROFILES,
  IMPORTS,
  INSTITUTIONS,
  INVITATIONS,
  JOIN_REQUESTS,
  RECRUITER,
} from "./demo-data.js";
import { seedEnrolments } from "./enrolments.js";
import { DemoLogos } from "./logos.js";
import { nepalHierarchy } from "./nepal.js";

/** Benchmark data (`npm run seed -- --scale N`): see scale.ts. */
export { seedScale } from "./scale.js";

interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  passwordHashCost: number;
  /** Where uploaded images live (`<DATA_DIR>/uploads`): the demo's logos are written there. */
  uploadsDir?: string;
}

const CHUNK = 200;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/** Reference data every installation needs: the Nepal hierarchy and the provider's plans. */
async function seedReference(db: Kysely<Database>) {
  const { provinces, districts, municipalities } = nepalHierarchy();
  await db.insertInto("provinces").values(provinces).execute();
  for (const chunk of chunks(districts)) await db.insertInto("districts").values(chunk).execute();
  for (const chunk of chunks(municipalities)) await db.insertInto("municipalities").values(chunk).execute();
  const now = nowIso();
  await db
    .insertInto("feature_profiles")
    .values(
      FEATURE_PROFILES.map((plan) => ({
        name: plan.name,
        description: plan.description,
        features: JSON.stringify(plan.features),
        is_default: plan.isDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** A demo tenant's place, by the names nepal.ts seeds; a name the hierarchy lacks stops the seed. */
async function placeOf(db: Kysely<Database>, district: string, municipality: string) {
  const found = await db
    .selectFrom("municipalities as m")
    .innerJoin("districts as d", "d.id", "m.district_id")
    .select(["d.province_id", "d.id as district_id", "m.id as municipality_id"])
    .where("d.name", "=", district)
    .where("m.name", "=", municipality)
    .executeTakeFirst();
  if (!found) throw new Error(`Seed: seeds/demo.json names an unknown place, ${municipality} in ${district}`);
  return found;
}

async function seedDemo(db: Kysely<Database>, options: SeedOptions) {
  const now = nowIso();
  const plans = await db.selectFrom("feature_profiles").select(["id", "name"]).execute();
  const tenantIds = new Map<string, number>();
  const logos = new DemoLogos(options.uploadsDir ?? null);

  for (const inst of INSTITUTIONS) {
    const place = await placeOf(db, inst.district, inst.municipality);
    const initials = inst.name
      .split(" ")
      .map((word) => word[0])
      .join("")
      .slice(0, 3);
    const { id } = await db
      .insertInto("institutions")
      .values({
        name: inst.name,
        subdomain: inst.key,
        type: inst.type,
        status: "active",
        logo: logos.url(initials, inst.primaryColor, inst.secondaryColor),
        primary_color: inst.primaryColor,
        secondary_color: inst.secondaryColor,
        email: inst.email,
        phone: inst.phone,
        website: inst.website,
        address: inst.address,
        ...place,
        feature_profile_id: plans.find((plan) => plan.name === inst.plan)?.id ?? null,
        contact_persons: JSON.stringify(inst.contacts),
        join_policy: inst.joinPolicy,
        join_domains: JSON.stringify(inst.joinDomains),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tenantIds.set(inst.key, id);
    await db
      .insertInto("program_departments")
      .values([
        ...inst.programs.map((name) => ({
          institution_id: id,
          kind: "program" as const,
          name,
          created_at: now,
          updated_at: now,
        })),
        ...inst.departments.map((name) => ({
          institution_id: id,
          kind: "department" as const,
          name,
          created_at: now,
          updated_at: now,
        })),
      ])
      .execute();
  }

  const { contacts, ...recruiterColumns } = RECRUITER;
  const recruiter = await db
    .insertInto("recruiters")
    .values({
      ...recruiterColumns,
      contact_persons: JSON.stringify(contacts),
      status: "approved",
      logo: logos.url("ER", "#3A3F58", "#F5B700"),
      reject_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const hashes = await Promise.all(ACCOUNTS.map(() => hashPassword(options.demoPassword, options.passwordHashCost)));
  await db
    .insertInto("users")
    .values(
      ACCOUNTS.map((account, index) => ({
        email: account.email,
        password_hash: hashes[index] ?? "",
        full_name: account.fullName,
        phone: null,
        role: account.role,
        institution_id:
          account.tenant && account.tenant !== "recruiter" ? (tenantIds.get(account.tenant) ?? null) : null,
        recruiter_id: account.tenant === "recruiter" ? recruiter.id : null,
        permissions: "[]",
        status: "active" as const,
        email_verified_at: now,
        token_version: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // People waiting for a site's staff to let them in (a learner of its kind, e-mail verified)
  const institutionTypes = new Map(INSTITUTIONS.map((inst) => [inst.key, inst.type]));
  const waitingHash = await hashPassword(options.demoPassword, options.passwordHashCost);
  await db
    .insertInto("users")
    .values(
      JOIN_REQUESTS.map((person) => ({
        email: person.email,
        password_hash: waitingHash,
        full_name: person.fullName,
        phone: person.phone,
        role: learnerRoleFor(institutionTypes.get(person.tenant)),
        institution_id: tenantIds.get(person.tenant) ?? null,
        recruiter_id: null,
        permissions: "[]",
        status: "pending" as const,
        email_verified_at: now,
        token_version: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // Invitations waiting on each site, from the site's admin
  const staff = await db.selectFrom("users").select(["id", "email", "full_name"]).execute();
  const inviters = new Map(staff.map((user) => [user.email, user.id]));
  const names = new Map(staff.map((user) => [user.email, user.full_name]));
  await db
    .insertInto("invitations")
    .values(
      INVITATIONS.map((invitation, index) => ({
        email: invitation.email,
        full_name: invitation.fullName,
        role: invitation.role,
        institution_id: invitation.tenant ? (tenantIds.get(invitation.tenant) ?? null) : null,
        token_hash: null,
        language: invitation.language,
        invited_by: inviters.get(invitation.invitedBy) ?? null,
        expires_at: new Date(Date.parse(now) + (5 - index) * 86_400_000).toISOString(),
        accepted_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // The record of the imports that loaded the demo's learners, each by its site's admin
  await db
    .insertInto("imports")
    .values(
      IMPORTS.map(({ tenant, fileName, by, daysAgo, ...counts }) => {
        const at = new Date(Date.parse(now) - daysAgo * 86_400_000).toISOString();
        return {
          ...counts,
          institution_id: tenantIds.get(tenant) ?? 0,
          file_name: fileName,
          by: names.get(by) ?? by,
          by_user_id: inviters.get(by) ?? null,
          at,
        };
      }),
    )
    .execute();

  // Mail given up after its last try, for the provider's staff to find and send again
  await db
    .insertInto("mail_queue")
    .values(
      FAILED_MAILS.map(({ to, subject, text, error, daysAgo }) => {
        const at = new Date(Date.parse(now) - daysAgo * 86_400_000).toISOString();
        return {
          change_id: null,
          to_address: to,
          subject,
          text_body: text,
          redacted_body: text,
          send_after: at,
          created_at: at,
          state: "failed" as const,
          attempts: MAX_ATTEMPTS,
          last_error: error,
        };
      }),
    )
    .execute();

  // Demo activity: catalogue, learners, recruiter companies, logs (seed/catalogue.ts).
  await seedCatalogue(db, now, options.passwordHashCost, logos);
  // Applicants to every demo posting, with their histories (seed/applications.ts)
  const ctx = await loadContext(db, now);
  await seedApplications(db, ctx);
  // The learners' enrolments, certificates and skills over the years (seed/enrolments.ts)
  await seedEnrolments(db, ctx);
  // The learners' self-assessment attempts over the years (seed/assessment-attempts.ts)
  await seedAttempts(db, ctx);
  await logos.store();
}

/** The PostgreSQL advisory lock the seeding holds: any number, the same in every process. */
const SEED_LOCK = 20_261_127;

/**
 * Seeds an empty database; a database with any user or location is never touched. Several
 * processes starting together on an empty PostgreSQL database take turns: one seeds, and the
 * others, waiting on its lock, then find the database seeded.
 */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const users = await trx.selectFrom("users").select("id").limit(1).executeTakeFirst();
    const provinces = await trx.selectFrom("provinces").select("id").limit(1).executeTakeFirst();
    if (users || provinces) return false;
    await seedReference(trx);
    if (options.demo) await seedDemo(trx, options);
    return true;
  });
}
