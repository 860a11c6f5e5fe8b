import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/** A language the product speaks: its code and its name. */
export const LanguageOption = Type.Object({ code: Type.String(), name: Type.String() });
export type LanguageOption = Static<typeof LanguageOption>;

/** `GET /public/config`: what the admin needs before anyone signs in. */
export const PublicConfig = Type.Object({
  maintenance: Type.Boolean(),
  rootDomain: Type.String(),
  adminSubdomain: Type.String(),
  captchaSiteKey: Nullable(Type.String()),
  /** Where a learner opens a course (with its variants, `courseSiteUrl`). */
  courseSiteLoginUrl: Nullable(Type.String()),
  courseSiteEditUrl: Nullable(Type.String()),
  /** The API records missing translation keys (LOCALES_SAVE_MISSING); otherwise none are sent. */
  localesSaveMissing: Type.Boolean(),
  languages: Type.Array(LanguageOption),
});
export type PublicConfig = Static<typeof PublicConfig>;

const place = { id: Type.Integer(), name: Type.String(), name_np: Type.String() };

/** `GET /locations/provinces`. */
export const Province = Type.Object(place);
export type Province = Static<typeof Province>;

/** `GET /locations/districts?province_id=`. */
export const District = Type.Object({ ...place, province_id: Type.Integer() });
export type District = Static<typeof District>;

/** `GET /locations/municipalities?district_id=`. */
export const Municipality = Type.Object({ ...place, district_id: Type.Integer(), category: Type.String() });
export type Municipality = Static<typeof Municipality>;
