import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as core from "./migrations/20261121T0000_core.js";
import * as resources from "./migrations/20261121T0100_resources.js";
import * as listIndexes from "./migrations/20261121T0200_list_indexes.js";
import * as security from "./migrations/20261123T0000_security.js";
import * as applications from "./migrations/20261123T0100_applications.js";
import * as yearIndexes from "./migrations/20261123T0200_year_indexes.js";
import * as applicationHistory from "./migrations/20261123T0300_application_history.js";
import * as postingDetails from "./migrations/20261123T0400_posting_details.js";
import * as guestApplications from "./migrations/20261123T0500_guest_applications.js";
import * as applicantListIndexes from "./migrations/20261123T0600_applicant_list_indexes.js";
import * as enrolments from "./migrations/20261123T0700_enrolments.js";
import * as assessmentAttempts from "./migrations/20261123T0800_assessment_attempts.js";
import * as profileFields from "./migrations/20261123T0900_profile_fields.js";
import * as dashboardCounts from "./migrations/20261126T0000_dashboard_counts.js";
import * as tutorials from "./migrations/20261126T0100_tutorials.js";
import * as helpQuestions from "./migrations/20261126T0200_help_questions.js";
import * as accessRevokesTokens from "./migrations/20261126T0300_access_revokes_tokens.js";
import * as learningGuards from "./migrations/20261126T0400_learning_guards.js";
import * as pipelineChanges from "./migrations/20261127T0000_pipeline_changes.js";
import * as guestStatusTokens from "./migrations/20261127T0100_guest_status_tokens.js";
import * as learnerCv from "./migrations/20261127T0200_learner_cv.js";
import * as enrolmentLanguage from "./migrations/20261127T0300_enrolment_language.js";
import type { Database } from "./schema.js";

/** Migrations are listed here (not read from disk) so the built server needs no file scanning. */
const MIGRATIONS: Record<string, Migration> = {
  "20261121T0000_core": core,
  "20261121T0100_resources": resources,
  "20261121T0200_list_indexes": listIndexes,
  "20261123T0000_security": security,
  "20261123T0100_applications": applications,
  "20261123T0200_year_indexes": yearIndexes,
  "20261123T0300_application_history": applicationHistory,
  "20261123T0400_posting_details": postingDetails,
  "20261123T0500_guest_applications": guestApplications,
  "20261123T0600_applicant_list_indexes": applicantListIndexes,
  "20261123T0700_enrolments": enrolments,
  "20261123T0800_assessment_attempts": assessmentAttempts,
  "20261123T0900_profile_fields": profileFields,
  "20261126T0000_dashboard_counts": dashboardCounts,
  "20261126T0100_tutorials": tutorials,
  "20261126T0200_help_questions": helpQuestions,
  "20261126T0300_access_revokes_tokens": accessRevokesTokens,
  "20261126T0400_learning_guards": learningGuards,
  "20261127T0000_pipeline_changes": pipelineChanges,
  "20261127T0100_guest_status_tokens": guestStatusTokens,
  "20261127T0200_learner_cv": learnerCv,
  "20261127T0300_enrolment_language": enrolmentLanguage,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
