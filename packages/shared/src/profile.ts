import { isCountryCode } from "./enums.js";
import { isLearnerRole, type Role, roleKind } from "./roles.js";
import {
  FULL_NAME_MAX_LENGTH,
  MAX_PROFILE_TAGS,
  optional,
  VALIDATION_MESSAGES,
  type ValidationMessage,
  type ValidationResult,
  validateLinkedinUrl,
  validatePassword,
  validatePhone,
  validateRequired,
  validateWebsite,
  YEAR_MAX,
  YEAR_MIN,
} from "./validation.js";

/**
 * The profile every role edits for itself (/profile), shared by `PATCH /api/profile` and
 * the admin's profile form so that both apply the same rules. Role, e-mail, institution,
 * permissions and status are never part of it.
 */

/** The calendars dates can be shown in; each user picks one. */
export const CALENDARS = ["gregorian", "bikram-sambat"] as const;
export type Calendar = (typeof CALENDARS)[number];
export const DEFAULT_CALENDAR: Calendar = "gregorian";
export const isCalendar = (value: unknown): value is Calendar => CALENDARS.includes(value as Calendar);

/** The fields a user may change on their own profile. */
const PROFILE_FIELDS = [
  "full_name",
  "photo",
  "phone",
  "linkedin_url",
  "website",
  "country",
  "province_id",
  "district_id",
  "municipality_id",
  "program_department_id",
  "year",
  "preferences",
  "calendar",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A learner's own: the program or department they study or work in, and their year. */
export const LEARNER_PROFILE_FIELDS: readonly ProfileField[] = ["program_department_id", "year"];

/** The Nepal cascade applies when the country is Nepal or not given. */
export const NEPAL = "NP";

export const profileFieldsFor = (role: Role): readonly ProfileField[] =>
  isLearnerRole(role) ? PROFILE_FIELDS : PROFILE_FIELDS.filter((name) => !LEARNER_PROFILE_FIELDS.includes(name));

/** The tag field is called tags for staff and recruiters, preferences for institutions and learners. */
export function tagFieldNameFor(role: Role): "tags" | "preferences" {
  const kind = roleKind(role);
  return kind === "institution" || kind === "learner" ? "preferences" : "tags";
}

/** The profile's own rules' messages (in the `validation` namespace with the others). */
export const PROFILE_MESSAGES = Object.freeze({
  fullNameTooLong: VALIDATION_MESSAGES.fullNameTooLong,
  year: VALIDATION_MESSAGES.year,
  calendar: VALIDATION_MESSAGES.calendar,
  country: VALIDATION_MESSAGES.country,
  tooManyTags: VALIDATION_MESSAGES.tooManyTags,
});

const validateFullName = (value: string | null | undefined): ValidationResult => {
  const required = validateRequired(value);
  if (required) return required;
  return [...(value ?? "").trim()].length > FULL_NAME_MAX_LENGTH ? PROFILE_MESSAGES.fullNameTooLong : null;
};

const validateYear = (value: unknown): ValidationResult => {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isInteger(n) && n >= YEAR_MIN && n <= YEAR_MAX ? null : PROFILE_MESSAGES.year;
};

const validateCalendar = (value: unknown): ValidationResult => (isCalendar(value) ? null : PROFILE_MESSAGES.calendar);

const validateCountry = (value: unknown): ValidationResult => {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "string" && isCountryCode(value.toUpperCase()) ? null : PROFILE_MESSAGES.country;
};

/** Each rule of the profile form that needs no database, by field. */
export const PROFILE_VALIDATORS = {
  full_name: (value: unknown) => validateFullName(typeof value === "string" ? value : null),
  phone: (value: unknown) => optional(validatePhone)(typeof value === "string" ? value : null),
  linkedin_url: (value: unknown) => optional(validateLinkedinUrl)(typeof value === "string" ? value : null),
  website: (value: unknown) => optional(validateWebsite)(typeof value === "string" ? value : null),
  country: validateCountry,
  year: validateYear,
  calendar: validateCalendar,
  preferences: (value: unknown) =>
    Array.isArray(value) && value.length > MAX_PROFILE_TAGS ? PROFILE_MESSAGES.tooManyTags : null,
} satisfies Partial<Record<ProfileField, (value: unknown) => ValidationResult>>;

/** The messages of every failed rule among the fields given (absent fields are not checked). */
export function validateProfile(values: Partial<Record<ProfileField, unknown>>): Record<string, ValidationMessage> {
  const errors: Record<string, ValidationMessage> = {};
  for (const [name, validator] of Object.entries(PROFILE_VALIDATORS)) {
    if (!(name in values)) continue;
    const result = validator(values[name as ProfileField]);
    if (result) errors[name] = result;
  }
  return errors;
}

/** The change of password: the current one is required, the new one follows the password rule. */
export function validatePasswordChange(values: {
  current_password?: string | null;
  new_password?: string | null;
}): Record<string, ValidationMessage> {
  const errors: Record<string, ValidationMessage> = {};
  if (!values.current_password) errors.current_password = VALIDATION_MESSAGES.required;
  const rule = validatePassword(values.new_password);
  if (rule) errors.new_password = rule;
  return errors;
}
