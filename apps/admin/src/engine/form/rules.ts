import { fieldType, isBlankValue, type RecordProblem, type ValidationResult } from "@csc/shared";
import type { TFunction } from "i18next";
import type { ContactPerson, Question } from "../display/RecordTables";
import type { FieldMeta } from "../types";

const translated = (result: ValidationResult, t: TFunction): string | null =>
  result ? t(result.key, { defaultValue: result.message }) : null;

/** A record's first problem (shared field-types.ts `records`), translated, under its key. */
function recordProblem<Key extends string>(
  problem: RecordProblem | null | undefined,
  t: TFunction,
): { key: Key; message: string } | null {
  return problem ? { key: problem.key as Key, message: translated(problem.message, t) ?? "" } : null;
}

/** The first problem of one contact person (contact fields), or null. */
export const contactProblem = (contact: ContactPerson, t: TFunction) =>
  recordProblem<keyof ContactPerson>(fieldType("contacts").records?.problem({ ...contact }), t);

/** A question needs its text; an answer, when there are choices, must be one of them. */
export const questionProblem = (question: Question, t: TFunction) =>
  recordProblem<keyof Question>(fieldType("questions").records?.problem({ ...question }), t);

/**
 * Checks one form value on the client: required (marks them with *), the shared rule of
 * its type, bounds, and each record of a list of records.
 */
export function validateFieldValue(field: FieldMeta, value: unknown, t: TFunction): string | true {
  if (isBlankValue(field, value)) return field.required ? t("validation:required") : true;
  const type = fieldType(field.type);
  const ruled = type.rule ? translated(type.rule(typeof value === "string" ? value : null), t) : null;
  if (ruled) return ruled;
  if (typeof value === "string" && field.maxLength && value.trim().length > field.maxLength) {
    return t("resources.validation.tooLong", { max: field.maxLength });
  }
  if (typeof value === "number") {
    if (field.min !== undefined && value < field.min) return t("resources.validation.min", { min: field.min });
    if (field.max !== undefined && value > field.max) return t("resources.validation.max", { max: field.max });
  }
  if (type.records && Array.isArray(value)) {
    for (const [index, record] of value.entries()) {
      const problem = recordProblem(type.records.problem(record ?? {}), t);
      if (problem) return t("resources.validation.inRow", { row: index + 1, message: problem.message });
    }
  }
  return true;
}
