import type { Kysely } from "kysely";
import type { Database } from "../src/platform/db/schema.js";

const stamp = () => new Date().toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * A published workshop open to everyone, ten days ahead, inserted as its owner would have posted
 * it; `values` changes what a test is about (its owner, its title, whether it is published).
 */
export async function insertEvent(
  db: Kysely<Database>,
  values: { title: string; institution_id: number | null; recruiter_id?: number | null; publish_status?: number },
) {
  return db
    .insertInto("learning_events")
    .values({
      event_type: "workshop",
      description: null,
      delivery_mode: 1,
      venue: "Hall A",
      link: null,
      start_at: daysFromNow(10),
      end_at: daysFromNow(11),
      registration_deadline: null,
      capacity: 40,
      access_scope: "all",
      publish_status: 1,
      tags: "[]",
      skills: "[]",
      recruiter_id: null,
      grading_type: "percentage",
      created_by: "1_provider",
      created_at: stamp(),
      updated_at: stamp(),
      ...values,
    })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
}
