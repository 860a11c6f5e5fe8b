import {
  COMPLETE_PROGRESS,
  ENROLMENT_COLUMN,
  ENROLMENT_RESOURCE,
  type EnrolmentItemType,
  EnrolmentsUpdated,
  progressOfSteps,
  RESOURCES,
  roleKind,
  skillsFieldOf,
  stepsFieldOf,
} from "@csc/shared";
import type { FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import { Type } from "typebox";
import { certificateCode } from "../../domain/certificates.js";
import { addSkills, type GainedSkills, labelsIn } from "../../domain/learner-skills.js";
import { notify } from "../../domain/notifications.js";
import type { CommandHandler, Transaction } from "../../engine/command-types.js";
import type { AnyDb } from "../../engine/store.js";
import type { EnrolmentTable } from "../../platform/db/schema.js";
import { badRequest, conflict } from "../../platform/errors.js";
import { nowIso } from "../../platform/time.js";
import { certificateMails } from "./certificate-mail.js";

/**
 * The learner journey's commands: a learner enrols in a course, an enrichment program
 * or a career roadmap they may read; their progress moves on — staff complete courses and programs,
 * the learner ticks the steps of their roadmap — and completion stamps the enrolment, issues a
 * certificate code and gives the learner the item's skills, in the same transaction.
 */

type Enrolment = Selectable<EnrolmentTable>;

/** Steps a body may name at most. */
const MAX_STEPS = 500;

async function storedEnrolment(trx: Transaction, id: number): Promise<Enrolment> {
  return trx.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** What completing or ticking needs of an enrolment's item: its title, the skills it gives, its steps. */
interface Item {
  title: string | null;
  skills: string[];
  steps: string[];
}

/** The items of some enrolments, by enrolment id (an item deleted since leaves nothing to gain). */
async function itemsOf(trx: Transaction, rows: readonly Enrolment[]): Promise<Map<number, Item>> {
  const items = new Map<number, Item>();
  for (const type of Object.keys(ENROLMENT_COLUMN) as EnrolmentItemType[]) {
    const ofType = rows.filter((row) => row.item_type === type);
    if (ofType.length === 0) continue;
    const skillsField = skillsFieldOf(type);
    const stepsField = stepsFieldOf(type);
    const columns = [...new Set(["id", "title", skillsField, ...(stepsField ? [stepsField] : [])])];
    const found = (await (trx as unknown as AnyDb)
      .selectFrom(RESOURCES[ENROLMENT_RESOURCE[type]].table)
      .select(columns)
      .where(
        "id",
        "in",
        ofType.map((row) => row.item_id),
      )
      .execute()) as Record<string, unknown>[];
    const byId = new Map(found.map((item) => [Number(item.id), item]));
    for (const row of ofType) {
      const item = byId.get(row.item_id);
      items.set(row.id, {
        title: typeof item?.title === "string" ? item.title : null,
        skills: labelsIn(item?.[skillsField]),
        steps: stepsField ? labelsIn(item?.[stepsField]) : [],
      });
    }
  }
  return items;
}

/**
 * Completes enrolments not yet complete, in the caller's transaction: the moment and who, progress
 * 100, a certificate code (once: a completion that stands keeps its code), and the items' skills
 * for their learners — a skill a learner already holds keeps when they first gained it. Staff and
 * learners complete by their user id; the course site's signed callback by nobody's (null).
 */
export async function complete(
  trx: Transaction,
  request: FastifyRequest,
  rows: readonly Enrolment[],
  byUserId: number | null,
  at: string,
): Promise<number> {
  const open = rows.filter((row) => row.completed_at === null);
  const items = await itemsOf(trx, open);
  for (const row of open) {
    const steps = items.get(row.id)?.steps ?? [];
    await trx
      .updateTable("enrolments")
      .set({
        completed_at: at,
        completed_by: byUserId,
        progress: COMPLETE_PROGRESS,
        certificate_code: row.certificate_code ?? certificateCode(),
        // a roadmap completed has every step behind it
        ...(steps.length > 0 ? { steps_done: JSON.stringify(steps) } : {}),
        updated_at: at,
      })
      .where("id", "=", row.id)
      .execute();
  }
  const gains: GainedSkills[] = open.map((row) => {
    const item = items.get(row.id);
    return {
      userId: row.user_id,
      institutionId: row.institution_id,
      names: item?.skills ?? [],
      at,
      source: { type: row.item_type, id: row.item_id, title: item?.title ?? null },
    };
  });
  await addSkills(trx, gains);
  // the learner hears that their certificate is ready once this commits (the queue sends what
  // commits), as they chose: in their bell, by this mail at once, or in their digest
  const news = await certificateMails(
    trx,
    request,
    open.map((row) => row.id),
  );
  await notify(
    trx,
    request,
    news.map((entry) => ({
      userId: entry.userId,
      kind: "certificate-issued" as const,
      params: { item: entry.item },
      link: entry.path,
      about: { resource: "enrolments" as const, id: entry.enrolmentId },
      mail: entry.mail,
    })),
    { at },
  );
  return open.length;
}

/**
 * Takes completion back from completed enrolments: no moment, no author, no certificate (the code
 * proves a completion that no longer stands). The skills stay: what was learnt was learnt.
 */
async function uncomplete(trx: Transaction, rows: readonly Enrolment[], at: string): Promise<number> {
  const done = rows.filter((row) => row.completed_at !== null).map((row) => row.id);
  if (done.length === 0) return 0;
  await trx
    .updateTable("enrolments")
    .set({ completed_at: null, completed_by: null, certificate_code: null, updated_at: at })
    .where("id", "in", done)
    .execute();
  return done.length;
}

/* Enrolling. */

/**
 * A learner enrols in an item they may read (the router has found it in the reach of their `enrol`
 * right: published, the provider's or their institution's): once, with their institution as it
 * is now, at no progress yet.
 */
function enrol(type: EnrolmentItemType): CommandHandler {
  return {
    answer: { row: "enrolments" },
    run: async (trx, [itemId], request) => {
      if (itemId === undefined) throw new Error("enrol names one item");
      const user = request.auth;
      const existing = await trx
        .selectFrom("enrolments")
        .select("id")
        .where("user_id", "=", user.id)
        .where("item_type", "=", type)
        .where("item_id", "=", itemId)
        .executeTakeFirst();
      // the unique constraint catches a race; this answers the usual second click with its own message
      if (existing) throw conflict(request.t("enrolments.alreadyEnrolled"));
      const now = nowIso();
      const { id } = await trx
        .insertInto("enrolments")
        .values({
          user_id: user.id,
          item_type: type,
          item_id: itemId,
          course_id: null,
          enrichment_program_id: null,
          career_roadmap_id: null,
          [ENROLMENT_COLUMN[type]]: itemId,
          institution_id: user.institution?.id ?? null,
          enrolled_at: now,
          progress: 0,
          completed_at: null,
          certificate_code: null,
          completed_by: null,
          steps_done: "[]",
          language: request.language,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { row: await storedEnrolment(trx, id), of: "enrolments", created: true };
    },
  };
}

/** The command of a catalogue item learners enrol in. */
export const enrolCommands = (type: EnrolmentItemType): Record<"enrol", CommandHandler> => ({ enrol: enrol(type) });

/* Progress of one enrolment: `PATCH /enrolments/{id}`. */

const PROGRESS_BODY = {
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  completed: Type.Optional(Type.Boolean()),
  steps: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: MAX_STEPS })),
};

/**
 * Moves one enrolment on, by whoever the ability allows: staff complete their
 * learners' courses and programs (or take completion back, or set the progress), a learner ticks
 * the steps of their own roadmap. A roadmap's progress is the share of its steps ticked (the given
 * progress when it has none); whatever the item, progress reaching 100 completes it and leaving
 * 100 takes completion back, unless the same change says `completed` itself.
 *
 * A completion issues a certificate anyone can verify, so a learner never vouches for themselves:
 * their roadmap's progress follows the steps they tick and nothing else, and it completes only
 * once every step is ticked — a bare `completed: true` (or `progress: 100`) is refused.
 */
const progress: CommandHandler = {
  answer: { row: "enrolments" },
  body: PROGRESS_BODY,
  run: async (trx, [id], request, body) => {
    if (id === undefined) throw new Error("progress names one enrolment");
    // asked once the enrolment is known to be in reach: one out of reach is a 404 whatever the body
    if (body.progress === undefined && body.completed === undefined && body.steps === undefined) {
      throw badRequest(request.t("enrolments.nothing"));
    }
    const byLearner = roleKind(request.auth.role) === "learner";
    if (byLearner && body.progress !== undefined) {
      throw badRequest(request.t("invalidInput"), { progress: request.t("enrolments.progressFollowsSteps") });
    }
    const row = await storedEnrolment(trx, id);
    const at = nowIso();
    const changes: Partial<Pick<Enrolment, "progress" | "steps_done">> = {};
    let nextProgress = typeof body.progress === "number" ? body.progress : row.progress;

    if (Array.isArray(body.steps)) {
      if (stepsFieldOf(row.item_type) === null) {
        throw badRequest(request.t("invalidInput"), { steps: request.t("enrolments.noSteps") });
      }
      // steps are named as the roadmap names them, so a tick stays on its step when the roadmap is reordered
      const steps = (await itemsOf(trx, [row])).get(row.id)?.steps ?? [];
      const named = new Set(body.steps as string[]);
      if ([...named].some((step) => !steps.includes(step))) {
        throw badRequest(request.t("invalidInput"), { steps: request.t("enrolments.unknownStep") });
      }
      const ticked = steps.filter((step) => named.has(step));
      changes.steps_done = JSON.stringify(ticked);
      nextProgress = progressOfSteps(ticked.length, steps.length) ?? nextProgress;
    }
    if (nextProgress !== row.progress) changes.progress = nextProgress;
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable("enrolments")
        .set({ ...changes, updated_at: at })
        .where("id", "=", id)
        .execute();
    }

    // a change of progress that says nothing of completion carries it: reaching 100 completes, leaving 100 undoes it
    const completed =
      body.completed ?? (changes.progress === undefined ? undefined : nextProgress >= COMPLETE_PROGRESS);
    if (completed === true && byLearner && !(await allStepsDone(trx, id))) {
      // the transaction rolls back, ticks sent with it included: the answer changes nothing
      throw badRequest(request.t("invalidInput"), { completed: request.t("enrolments.stepsFirst") });
    }
    if (completed === true) await complete(trx, request, [await storedEnrolment(trx, id)], request.auth.id, at);
    if (completed === false) await uncomplete(trx, [row], at);
    return { row: await storedEnrolment(trx, id) };
  },
};

/** Whether the enrolment's roadmap has steps and every one of them is ticked (a roadmap without steps has nothing to show). */
async function allStepsDone(trx: Transaction, id: number): Promise<boolean> {
  const row = await storedEnrolment(trx, id);
  const steps = (await itemsOf(trx, [row])).get(row.id)?.steps ?? [];
  const done = new Set(labelsIn(row.steps_done));
  return steps.length > 0 && steps.every((step) => done.has(step));
}

/**
 * Staff complete (or take back completion of) many enrolments at once: all or nothing. The router
 * has already found every id in the reach of the caller's `bulk` right (their learners' courses
 * and programs), so one id out of reach changes nothing.
 */
const bulk: CommandHandler = {
  answer: { message: EnrolmentsUpdated },
  body: { completed: Type.Boolean() },
  run: async (trx, ids, request, body) => {
    const rows = await trx.selectFrom("enrolments").selectAll().where("id", "in", ids).orderBy("id").execute();
    const at = nowIso();
    const updated =
      body.completed === true
        ? await complete(trx, request, rows, request.auth.id, at)
        : await uncomplete(trx, rows, at);
    return { message: request.t("enrolments.updated", { count: updated }), data: { updated } };
  },
};

/** The commands on enrolments: one enrolment's progress, and completion of many. */
export const enrolmentCommands: Record<"progress" | "bulk", CommandHandler> = { progress, bulk };
