import {
  type CourseSiteItem,
  ENROLMENT_ITEM_TYPES,
  ENROLMENT_RESOURCE,
  type EnrolmentItemType,
  progressOfSteps,
  skillsFieldOf,
  stepsFieldOf,
} from "@csc/shared";
import { http } from "../shell/providers/http";
import type { Posting } from "./postings";

/** What a learner enrols in (`enrolments.item_type`), and its catalogue resource. */
type LearningItemType = EnrolmentItemType;
export type LearningResource = (typeof ENROLMENT_RESOURCE)[EnrolmentItemType];

/** An enrolment as the learner reads it (`GET /api/enrolments`: their own only). */
export interface Enrolment {
  id: number;
  item_type: LearningItemType;
  item_id: number;
  enrolled_at: string;
  /** 0–100. */
  progress: number;
  completed_at: string | null;
  certificate_code: string | null;
  /** A roadmap's ticked steps, by name. */
  steps_done?: unknown;
  steps?: unknown;
}

/** How one fact of a learning item reads on its card. */
type LearningFactKind = "text" | "mode" | "date" | "number" | "hours" | "months" | "category";

export interface LearningKind {
  itemType: LearningItemType;
  resource: LearningResource;
  /** Which of the course site's URL variants opens it. */
  courseSite: CourseSiteItem;
  facts: { name: string; kind: LearningFactKind }[];
}

/** Each kind of learning item's card: where the course site opens it and the facts it shows. */
const CARDS: Record<LearningItemType, Omit<LearningKind, "itemType" | "resource">> = {
  course: {
    courseSite: "course",
    facts: [
      { name: "category", kind: "category" },
      { name: "delivery_mode", kind: "mode" },
      { name: "duration_hours", kind: "hours" },
      { name: "start_date", kind: "date" },
    ],
  },
  "enrichment-program": {
    courseSite: "enrichment-program",
    facts: [
      { name: "organizer", kind: "text" },
      { name: "delivery_mode", kind: "mode" },
      { name: "start_date", kind: "date" },
      { name: "fee", kind: "number" },
    ],
  },
  "career-roadmap": {
    courseSite: "career-roadmap",
    facts: [
      { name: "job_role", kind: "text" },
      { name: "duration_months", kind: "months" },
    ],
  },
};

/** Each kind of learning item by its catalogue resource (ENROLMENT_RESOURCE). */
export const LEARNING_KINDS = Object.fromEntries(
  ENROLMENT_ITEM_TYPES.map((itemType) => {
    const resource = ENROLMENT_RESOURCE[itemType];
    return [resource, { itemType, resource, ...CARDS[itemType] }];
  }),
) as Record<LearningResource, LearningKind>;

export const isLearningResource = (name: string): name is LearningResource => Object.hasOwn(LEARNING_KINDS, name);

export const learningKindOf = (itemType: LearningItemType): LearningKind =>
  LEARNING_KINDS[ENROLMENT_RESOURCE[itemType]];

/** A learning item as the catalogue sends it. */
export type LearningItem = Posting;

/** The labels of a list field, each once, blanks left out. */
const labelsOf = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.map((label) => String(label).trim()).filter((label) => label !== ""))] : [];

/** The skills completing the item gives the learner (@csc/shared `skillsFieldOf`: the field the API reads them from). */
export const skillsOf = (kind: LearningKind, item: LearningItem): string[] =>
  labelsOf(item[skillsFieldOf(kind.itemType)]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const plain = (html: string) =>
  html
    .replace(/<\/?(p|br|li|h[1-6]|div|ol|ul)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** The description as a line of plain text for a card, cut at a word near `max` characters. */
export function shortDescription(html: unknown, max = 160): string {
  if (typeof html !== "string") return "";
  const text = plain(html.replace(/<(ol|ul)[\s\S]*?<\/\1>/gi, " "));
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The steps a learner ticks on the item (@csc/shared `stepsFieldOf`, the field the API counts them in); none for courses and programs. */
export function stepsOf(kind: LearningKind, item: LearningItem): string[] {
  const field = stepsFieldOf(kind.itemType);
  const steps = field ? item[field] : undefined;
  // every label, as the API counts them
  return Array.isArray(steps) ? steps.filter((step): step is string => typeof step === "string") : [];
}

/** The ticked steps of a roadmap enrolment, by name as the API keeps them, in the roadmap's order; those it no longer has left out. */
export function doneSteps(
  enrolment: Pick<Enrolment, "steps" | "steps_done"> | undefined,
  steps: readonly string[],
): string[] {
  const kept = enrolment?.steps_done ?? enrolment?.steps;
  const listed = typeof kept === "string" ? parseList(kept) : kept;
  const named = new Set(Array.isArray(listed) ? listed.filter((step) => typeof step === "string") : []);
  return [...new Set(steps.filter((step) => named.has(step)))];
}

function parseList(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}

/** Ticks or unticks one step, the ticked ones kept in the roadmap's order. */
export function toggleStep(done: readonly string[], step: string, steps: readonly string[]): string[] {
  const next = new Set(done);
  if (next.has(step)) next.delete(step);
  else next.add(step);
  return [...new Set(steps.filter((name) => next.has(name)))];
}

/** A roadmap's progress: the share of its steps ticked, as the API counts it. */
export const stepsProgress = (done: readonly string[], steps: readonly string[]): number =>
  progressOfSteps(steps.filter((step) => done.includes(step)).length, steps.length) ?? 0;

/** Where an enrolment stands, for its badge. */
export const enrolmentStatus = (enrolment: Enrolment): "completed" | "in-progress" | "enrolled" =>
  enrolment.completed_at ? "completed" : enrolment.progress > 0 ? "in-progress" : "enrolled";

/** `POST /api/{resource}/{id}/enrol`: 201 the enrolment; again → 409 with the server's message. */
export async function enrolIn(resource: LearningResource, id: number): Promise<Enrolment> {
  const { data } = await http.post<Enrolment | { data: Enrolment }>(`/api/${resource}/${id}/enrol`, {});
  return "data" in data ? data.data : data;
}

/** `PATCH /api/enrolments/{id}`: the learner's ticked roadmap steps, by name (the API works out the progress they make). */
export async function saveSteps(id: number, steps: string[]): Promise<Enrolment> {
  const { data } = await http.patch<Enrolment | { data: Enrolment }>(`/api/enrolments/${id}`, { steps });
  return "data" in data ? data.data : data;
}

/** The learner's enrolments, keyed by item id (one per item: the server refuses a second). */
export function enrolmentsByItem(enrolments: Enrolment[]): Map<number, Enrolment> {
  return new Map(enrolments.map((enrolment) => [enrolment.item_id, enrolment]));
}
