import type { ResourceDefinition } from "@csc/shared";
import type { ResourceHooks } from "../types.js";
import { assessmentAttemptHooks } from "./assessment-attempts.js";
import { institutionHooks } from "./institutions.js";
import { learningEventHooks } from "./learning-events.js";
import { accountHooks } from "./users.js";

/** By table, so that every resource over a table (students, employees, users) keeps its rules. */
const HOOKS: Partial<Record<ResourceDefinition["table"], ResourceHooks>> = {
  institutions: institutionHooks,
  users: accountHooks,
  learning_events: learningEventHooks,
  assessment_attempts: assessmentAttemptHooks,
};

export const hooksOf = (resource: ResourceDefinition): ResourceHooks => HOOKS[resource.table] ?? {};
