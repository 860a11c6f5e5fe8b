import {
  type Validator,
  validateEmail,
  validateOptionalLinkedinUrl,
  validateOptionalPhone,
  validateOptionalWebsite,
  validateOptionalYoutubeUrl,
} from "@csc/shared";
import type { TFunction } from "i18next";
import type { ContactPerson, Question } from "../display/RecordTables";
import { richTextIsEmpty } from "../display/sanitize";
import type { FieldMeta } from "../types";

/** Spec §5 rules from @csc/shared, by field type; their messages are `validation:` keys. */
const SHARED_RULES: Partial<Record<FieldMeta["type"], Validator>> = {
  email: (value) => (value ? validateEmail(value) : null),
  phone: validateOptionalPhone,
  url: validateOptionalWebsite,
  video: validateOptionalYoutubeUrl,
  linkedin: validateOptionalLinkedinUrl,
};

export function isBlankValue(field: FieldMeta, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return field.type === "richtext" ? richTextIsEmpty(value) : value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const shared = (validator: Validator, value: unknown, t: TFunction): string | null => {
  const result = validator(typeof value === "string" ? value : null);
  return result ? t(result.key, { defaultValue: result.message }) : null;
};

/** The first problem of one contact person (spec §3 contact fields), or null. */
export function contactProblem(
  contact: ContactPerson,
  t: TFunction,
): { key: keyof ContactPerson; message: string } | null {
  if (!contact.full_name?.trim()) return { key: "full_name", message: t("validation:required") };
  const email = contact.email ? shared(SHARED_RULES.email as Validator, contact.email, t) : null;
  if (email) return { key: "email", message: email };
  const phone = shared(validateOptionalPhone, contact.phone_no ?? "", t);
  if (phone) return { key: "phone_no", message: phone };
  return null;
}

/** A question needs its text; an answer, when there are choices, must be one of them. */
export function questionProblem(question: Question, t: TFunction): { key: keyof Question; message: string } | null {
  if (!question.question?.trim()) return { key: "question", message: t("validation:required") };
  const options = question.options ?? [];
  if (question.answer && options.length > 0 && !options.includes(question.answer)) {
    return { key: "answer", message: t("resources.validation.answerInOptions") };
  }
  return null;
}

/** Checks one form value on the client: required (spec §5 marks them with *), type rules, bounds. */
export function validateFieldValue(field: FieldMeta, value: unknown, t: TFunction): string | true {
  if (isBlankValue(field, value)) return field.required ? t("validation:required") : true;
  const rule = SHARED_RULES[field.type];
  if (rule) {
    const message = shared(rule, value, t);
    if (message) return message;
  }
  if (typeof value === "string" && field.maxLength && value.trim().length > field.maxLength) {
    return t("resources.validation.tooLong", { max: field.maxLength });
  }
  if (typeof value === "number") {
    if (field.min !== undefined && value < field.min) return t("resources.validation.min", { min: field.min });
    if (field.max !== undefined && value > field.max) return t("resources.validation.max", { max: field.max });
  }
  if (field.type === "contacts" && Array.isArray(value)) {
    for (const [index, contact] of (value as ContactPerson[]).entries()) {
      const problem = contactProblem(contact ?? {}, t);
      if (problem) return t("resources.validation.inRow", { row: index + 1, message: problem.message });
    }
  }
  if (field.type === "questions" && Array.isArray(value)) {
    for (const [index, question] of (value as Question[]).entries()) {
      const problem = questionProblem(question ?? {}, t);
      if (problem) return t("resources.validation.inRow", { row: index + 1, message: problem.message });
    }
  }
  return true;
}
