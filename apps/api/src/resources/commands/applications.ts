import { conflict } from "../../lib/errors.js";
import { nowIso } from "../../lib/time.js";
import type { CommandHandler } from "./types.js";

/** The stage an application starts in, by what it is for (spec §4: candidate or learner stages). */
export const FIRST_STAGE = { "job-opportunity": "new_candidates", default: "new_candidate" } as const;

/** An application nobody has decided on yet: still in its first stage, with no attendance, grade or completion. */
async function undecided(trx: Parameters<CommandHandler["run"]>[0], id: number) {
  const row = await trx.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const first = row.posting_type === "job-opportunity" ? FIRST_STAGE["job-opportunity"] : FIRST_STAGE.default;
  return (
    row.withdrawn_at === null &&
    row.stage === first &&
    row.attendance === 3 &&
    row.grade === null &&
    row.percentage === null &&
    row.completion_status === null
  );
}

/** The applicant's own commands on an application (DESIGN §5a). */
export const applicationCommands: Record<"withdraw", CommandHandler> = {
  withdraw: {
    run: async (trx, [id], request) => {
      if (id === undefined || !(await undecided(trx, id))) throw conflict(request.t("applicationDecided"));
      const now = nowIso();
      await trx.updateTable("applications").set({ withdrawn_at: now, updated_at: now }).where("id", "=", id).execute();
      return {
        row: (await trx
          .selectFrom("applications")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirstOrThrow()) as Record<string, unknown>,
      };
    },
  },
};
