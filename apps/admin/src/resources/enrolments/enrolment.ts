import { subject } from "@casl/ability";
import { type AssessmentQuestion, type AssessmentScores, ENROLMENT_COLUMN, ENROLMENT_RESOURCE } from "@csc/shared";
import { useMany } from "@refinedev/core";
import { useRelationLabels } from "../../engine/display/useRelationLabels";
import type { ResourceMeta } from "../../engine/types";
import { useResourceMeta } from "../../engine/useResourceMeta";
import { currentAbility } from "../../shell/providers/access-control";
import { http } from "../../shell/providers/http";
import { useSession } from "../../shell/session/SessionContext";

/** One row of `GET /enrolments` (learner journey). */
export interface Enrolment {
  id: number;
  item_type: "course" | "enrichment-program" | "career-roadmap";
  item_id: number;
  course_id: number | null;
  enrichment_program_id: number | null;
  career_roadmap_id: number | null;
  user_id: number;
  institution_id: number | null;
  enrolled_at: string;
  progress: number;
  completed_at: string | null;
  certificate_code: string | null;
  completed_by: number | null;
}

/** One row of `GET /assessment-attempts`; the questions and answers come with one attempt read on its own. */
export interface Attempt {
  id: number;
  self_assessment_id: number;
  user_id: number;
  score: number;
  max_score: number;
  percentage: number;
  passed: boolean | number | null;
  taken_at: string;
  answers?: unknown;
  questions?: unknown;
}

/** A learner's first and best score at each assessment they took, counted by the API over every attempt. */
export async function fetchAssessmentScores(userId: number): Promise<AssessmentScores[]> {
  const { data } = await http.get<{ data: AssessmentScores[] }>("/api/assessment-attempts/scores", {
    params: { user_id: userId },
  });
  return data.data;
}

export type EnrolmentStatus = "completed" | "in-progress";

export const statusOf = (row: Pick<Enrolment, "completed_at">): EnrolmentStatus =>
  row.completed_at ? "completed" : "in-progress";

/** The kinds of item whose detail page lists its enrolled learners (a roadmap is the learner's own to follow). */
const LISTING_LEARNERS = ["course", "enrichment-program"] as const satisfies readonly Enrolment["item_type"][];

/** The item type of a resource whose detail page lists its enrolled learners. */
export const ITEM_TYPE_OF: Partial<Record<string, Enrolment["item_type"]>> = Object.fromEntries(
  LISTING_LEARNERS.map((type) => [ENROLMENT_RESOURCE[type], type]),
);

/**
 * Whether the user may run an enrolment command on this row: the command is theirs and their rules
 * (from `/api/profile`) reach the row — an institution's staff complete their own
 * learners' courses and programs. For display only; the API decides.
 */
export function mayRun(meta: ResourceMeta | undefined, command: "progress" | "bulk", row: Enrolment): boolean {
  if (!meta?.commands.includes(command)) return false;
  return currentAbility().can(command, subject("enrolments", { ...row }) as never);
}

export interface Learner {
  id: number;
  full_name: string;
  email: string;
}

/** The learners of some rows, by id: students and employees, each where the user may read them. */
export function useLearners(userIds: number[]): Map<number, Learner> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const students = useResourceMeta("students");
  const employees = useResourceMeta("employees");
  const read = (resource: string, readable: boolean) => ({
    resource,
    ids,
    errorNotification: false as const,
    queryOptions: { enabled: readable && ids.length > 0 },
  });
  const studentRows = useMany<Learner>(read("students", Boolean(students)));
  const employeeRows = useMany<Learner>(read("employees", Boolean(employees)));
  const found = new Map<number, Learner>();
  for (const learner of [...(studentRows.result.data ?? []), ...(employeeRows.result.data ?? [])]) {
    found.set(learner.id, learner);
  }
  return found;
}

/** The names of the institutions of some rows: from the learners' institution field where the user has its options, their own otherwise. */
export function useInstitutionNames(institutionIds: (number | null)[]): (id: number | null) => string | null {
  const { user } = useSession();
  const students = useResourceMeta("students");
  const field = students?.fields.find((candidate) => candidate.name === "institution_id");
  const labels = useRelationLabels(field, institutionIds);
  return (id) => {
    if (id === null) return null;
    if (labels.has(id)) return labels.get(id) ?? null;
    return user.institution?.id === id ? user.institution.name : null;
  };
}

/** The titles of the items of some enrolments (each type's relation field), by enrolment id. */
export function useItemTitles(rows: Enrolment[]): (row: Enrolment) => string | null {
  const meta = useResourceMeta("enrolments");
  const fieldOf = (name: string) => meta?.fields.find((field) => field.name === name);
  const courses = useRelationLabels(
    fieldOf(ENROLMENT_COLUMN.course),
    rows.map((row) => row.course_id),
  );
  const programs = useRelationLabels(
    fieldOf(ENROLMENT_COLUMN["enrichment-program"]),
    rows.map((row) => row.enrichment_program_id),
  );
  const roadmaps = useRelationLabels(
    fieldOf(ENROLMENT_COLUMN["career-roadmap"]),
    rows.map((row) => row.career_roadmap_id),
  );
  const byType = { course: courses, "enrichment-program": programs, "career-roadmap": roadmaps };
  return (row) => byType[row.item_type]?.get(row.item_id) ?? null;
}

/** An attempt's questions as they were, with their answer keys. */
export function questionsOf(attempt: Pick<Attempt, "questions">): AssessmentQuestion[] {
  const raw = typeof attempt.questions === "string" ? safeJson(attempt.questions) : attempt.questions;
  return Array.isArray(raw) ? (raw.filter((q) => q && typeof q === "object") as AssessmentQuestion[]) : [];
}

/** The learner's answers, one per question in order ("" for none). */
export function answersOf(attempt: Pick<Attempt, "answers">): string[] {
  const raw = typeof attempt.answers === "string" ? safeJson(attempt.answers) : attempt.answers;
  return Array.isArray(raw) ? raw.map((answer) => (typeof answer === "string" ? answer : "")) : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
