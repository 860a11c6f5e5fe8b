import type { Calendar, Profile, SessionProfile } from "@csc/shared";

/** `GET /api/public/config`, its language options, an institution and `GET /api/meta`: the API's contracts. */
export type { InstitutionPublic as Institution, LanguageOption, Meta, PublicConfig } from "@csc/shared";

/**
 * The signed-in user: the sign-in's user, and once `GET /api/profile` has answered, their profile's
 * details and skills too (the identity is that answer).
 */
export type CurrentUser = SessionProfile &
  Partial<Omit<Profile, keyof SessionProfile | "calendar">> & {
    /** The calendar dates are shown in; absent until the profile has been read. */
    calendar?: Calendar | null;
  };
