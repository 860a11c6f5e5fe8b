import {
  type CommandName,
  ENROLMENT_ITEM_TYPES,
  ENROLMENT_RESOURCE,
  POSTING_RESOURCES,
  POSTING_TYPES,
  RESOURCES,
  type ResourceDefinition,
  type ResourceName,
} from "@csc/shared";
import type { CommandHandler } from "../engine/command-types.js";
import type { ResourceHooks } from "../engine/types.js";
import { applicationCommands } from "./applications/commands.js";
import { applicationHooks } from "./applications/export.js";
import { assessmentAttemptHooks } from "./assessment-attempts/hooks.js";
import { deletedUserCommands } from "./deleted-users/commands.js";
import { enrolCommands, enrolmentCommands } from "./enrolments/commands.js";
import { institutionHooks } from "./institutions/hooks.js";
import { invitationCommands } from "./invitations/commands.js";
import { invitationHooks } from "./invitations/hooks.js";
import { joinRequestCommands } from "./join-requests/commands.js";
import { learningEventHooks } from "./learning-events/hooks.js";
import { mailQueueCommands } from "./mail-queue/commands.js";
import { postingCommands } from "./postings/commands.js";
import { postingHooks } from "./postings/hooks.js";
import { recruiterRequestCommands } from "./recruiters-request/commands.js";
import { assessmentCommands } from "./self-assessment/commands.js";
import { accountHooks } from "./users/hooks.js";

/**
 * What resources do beyond the generic engine, each from its own folder here: the commands their
 * definitions declare (packages/shared/src/resources/<name>.ts `commands`) and the rules their
 * tables keep. A resource the engine serves as it is has no folder and no line here.
 */

/** What each command a resource declares does, by resource; the engine refuses to start with one missing. */
export const COMMANDS: Partial<Record<ResourceName, Partial<Record<CommandName, CommandHandler>>>> = {
  "recruiters-request": recruiterRequestCommands,
  "deleted-users": deletedUserCommands,
  applications: applicationCommands,
  // every posting takes applications, every learning item enrolments
  ...Object.fromEntries(POSTING_TYPES.map((type) => [POSTING_RESOURCES[type], postingCommands(type)])),
  "self-assessment": assessmentCommands,
  ...Object.fromEntries(ENROLMENT_ITEM_TYPES.map((type) => [ENROLMENT_RESOURCE[type], enrolCommands(type)])),
  enrolments: enrolmentCommands,
  invitations: invitationCommands,
  "join-requests": joinRequestCommands,
  "mail-queue": mailQueueCommands,
};

/** A table's own rules, by table, so that every resource over a table (students, employees, users) keeps them. */
export const HOOKS: Partial<Record<ResourceDefinition["table"], ResourceHooks>> = {
  institutions: institutionHooks,
  users: accountHooks,
  invitations: invitationHooks,
  applications: applicationHooks,
  // every posting a learner reads carries its skill match
  ...Object.fromEntries(POSTING_TYPES.map((type) => [RESOURCES[POSTING_RESOURCES[type]].table, postingHooks(type)])),
  learning_events: { ...postingHooks("learning-event"), ...learningEventHooks },
  assessment_attempts: assessmentAttemptHooks,
};
