/**
 * Field rules, shared by the API and the admin so both say the same thing. A validator
 * returns null when the value is fine, otherwise the message: an i18next key in the `validation`
 * namespace and its en-US text (the API sends the text, the admin translates the key).
 */

export interface ValidationMessage {
  readonly key: string;
  readonly message: string;
}

export type ValidationResult = ValidationMessage | null;
export type Validator = (value: string | null | undefined) => ValidationResult;

export const PASSWORD_MIN_LENGTH = 8;
/** The KDF hashes whatever it is given: an upper bound keeps a sign-up from costing seconds of CPU. */
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
/** The profile (profile.ts): a name's length, year choices 1 to 50, and how many tags it holds. */
export const FULL_NAME_MAX_LENGTH = 120;
export const YEAR_MIN = 1;
export const YEAR_MAX = 50;
export const MAX_PROFILE_TAGS = 50;

const message = (key: string, text: string): ValidationMessage =>
  Object.freeze({ key: `validation:${key}`, message: text });

export const VALIDATION_MESSAGES = Object.freeze({
  required: message("required", "This field is required."),
  phoneNeedsDigit: message("phoneNeedsDigit", "Phone number must contain at least one digit."),
  phoneCharacters: message(
    "phoneCharacters",
    "Phone number may contain only digits, spaces, plus, minus and parentheses.",
  ),
  linkedinUrl: message(
    "linkedinUrl",
    "Enter a LinkedIn profile link, for example https://www.linkedin.com/in/your-name.",
  ),
  website: message("website", "Enter a valid website address, for example https://example.com."),
  email: message("email", "Enter a valid e-mail address."),
  emailTooLong: message("emailTooLong", `E-mail address must be at most ${EMAIL_MAX_LENGTH} characters.`),
  password: message(
    "password",
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters and contain at least one letter and one digit.`,
  ),
  passwordTooLong: message("passwordTooLong", `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  fullNameTooLong: message("fullNameTooLong", `Name must be at most ${FULL_NAME_MAX_LENGTH} characters.`),
  year: message("year", `Choose a year from ${YEAR_MIN} to ${YEAR_MAX}.`),
  calendar: message("calendar", "Choose a calendar."),
  country: message("country", "Choose a country from the list."),
  tooManyTags: message("tooManyTags", `Choose at most ${MAX_PROFILE_TAGS}.`),
  youtubeUrl: message("youtubeUrl", "Enter a YouTube video address, such as a watch, share or embed link."),
});

const isBlank = (value: string | null | undefined): value is null | undefined | "" =>
  value === null || value === undefined || value.trim() === "";

/** The optional variant of a validator: an empty value passes, anything else must pass the rule. */
export const optional =
  (validator: Validator): Validator =>
  (value) =>
    isBlank(value) ? null : validator(value);

export const validateRequired: Validator = (value) => (isBlank(value) ? VALIDATION_MESSAGES.required : null);

/* Phone: at least one digit; only digits, spaces, plus, minus and parentheses. */

const PHONE_CHARACTERS_PATTERN = /^[0-9 +\-()]+$/;

export const validatePhone: Validator = (value) => {
  if (isBlank(value)) return VALIDATION_MESSAGES.required;
  if (!PHONE_CHARACTERS_PATTERN.test(value)) return VALIDATION_MESSAGES.phoneCharacters;
  if (!/[0-9]/.test(value)) return VALIDATION_MESSAGES.phoneNeedsDigit;
  return null;
};

export const validateOptionalPhone: Validator = optional(validatePhone);

/*
 * Professional profile: linkedin.com with an optional http(s) scheme and www, then one
 * or more path segments (`/in/name`, `/company/x`); a trailing slash, query or fragment is kept
 * because LinkedIn's own share links carry them.
 */
const LINKEDIN_URL_PATTERN = /^(?:https?:\/\/)?(?:www\.)?linkedin\.com(?:\/[^\s/?#]+)+\/?(?:[?#]\S*)?$/i;

export const validateLinkedinUrl: Validator = (value) => {
  if (isBlank(value)) return VALIDATION_MESSAGES.required;
  return LINKEDIN_URL_PATTERN.test(value.trim()) ? null : VALIDATION_MESSAGES.linkedinUrl;
};

export const validateOptionalLinkedinUrl: Validator = optional(validateLinkedinUrl);

/* Website: https:// is prefixed when the address has no http(s) scheme. */

/**
 * `www.example.com` → `https://www.example.com`; `http://…` and `https://…` are kept; the host is
 * lower-cased (`Example.COM/Path` → `https://example.com/Path`); blank → "".
 */
export function normalizeWebsite(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return "";
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, "")}`;
  return withScheme.replace(
    /^(https?:\/\/)([^/?#]*)/i,
    (_, scheme: string, host: string) => scheme + host.toLowerCase(),
  );
}

/** A host of dot-separated labels (letters and their marks in any script, digits, hyphens), optional port, path. */
const WEBSITE_PATTERN =
  /^https?:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+\p{L}[\p{L}\p{M}\p{N}-]*(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** Checks the address as it will be stored, i.e. after `normalizeWebsite`. */
export const validateWebsite: Validator = (value) => {
  if (isBlank(value)) return VALIDATION_MESSAGES.required;
  return WEBSITE_PATTERN.test(normalizeWebsite(value)) ? null : VALIDATION_MESSAGES.website;
};

export const validateOptionalWebsite: Validator = optional(validateWebsite);

/* E-mail. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const validateEmail: Validator = (value) => {
  if (isBlank(value)) return VALIDATION_MESSAGES.required;
  const trimmed = value.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH) return VALIDATION_MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(trimmed) ? null : VALIDATION_MESSAGES.email;
};

/* Password policy for sign-up and reset: at least 8 characters, a letter and a digit. */

export const PASSWORD_RULE = Object.freeze({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  /** Letters and digits of any script count, so a Nepali password is as good as an English one. */
  pattern: /^(?=.*\p{L})(?=.*\p{Nd})/su,
  message: VALIDATION_MESSAGES.password,
});

/** Passwords are not trimmed: every character the user typed is part of the secret. */
export const validatePassword: Validator = (value) => {
  if (value === null || value === undefined || value === "") return VALIDATION_MESSAGES.required;
  const length = [...value].length;
  if (length > PASSWORD_MAX_LENGTH) return VALIDATION_MESSAGES.passwordTooLong;
  if (length < PASSWORD_MIN_LENGTH || !PASSWORD_RULE.pattern.test(value)) return VALIDATION_MESSAGES.password;
  return null;
};

/*
 * Comma lists, e.g. a filter of ids "3,7" sent as one field. An entry 0 stands for
 * "all": a list whose entries are all 0 means everything is selected, and a list with any 0
 * includes zero (the "all" choice among others).
 */

type CommaList = string | readonly (string | number)[] | null | undefined;

/** The entries of a comma list, trimmed, blanks dropped: "1, 2,,3" → ["1", "2", "3"]. */
export function parseCommaList(list: CommaList): string[] {
  if (list === null || list === undefined) return [];
  const entries = typeof list === "string" ? list.split(",") : list.map(String);
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== "");
}

/** The numeric entries of a comma list; entries that are not integers are left out. */
export function parseIdList(list: CommaList): number[] {
  return parseCommaList(list)
    .filter((entry) => /^-?\d+$/.test(entry))
    .map(Number);
}

export const toCommaList = (values: readonly (string | number)[]): string => values.map(String).join(",");

const isZero = (entry: string) => /^[-+]?0+$/.test(entry);

/** Every entry is 0 (and there is at least one): the user chose "all". */
export function isAllSelected(list: CommaList): boolean {
  const entries = parseCommaList(list);
  return entries.length > 0 && entries.every(isZero);
}

/** Some entry is 0. */
export function includesZero(list: CommaList): boolean {
  return parseCommaList(list).some(isZero);
}
