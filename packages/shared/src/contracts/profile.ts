import { type Static, Type } from "typebox";
import type { AppRule } from "../ability.js";
import { JOIN_POLICIES, SKILL_SOURCE_TYPES, SSO_MODES } from "../enums.js";
import { CALENDARS } from "../profile.js";
import { ALL_ROLES, INSTITUTION_TYPES } from "../roles.js";
import { Nullable, OneOf } from "./common.js";

/**
 * The signed-in user (`POST /auth/login`, `GET /profile`, `PATCH /profile`) and their own profile.
 * Shapes of docs/ (API contract): roles, features and permissions as `{ name }` and `{ slug }`
 * lists, the CASL rules the admin builds its ability from.
 */

/** An institution as its public site and a signed-in user's session show it. */
export const InstitutionPublic = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  subdomain: Type.String(),
  type: OneOf(INSTITUTION_TYPES),
  status: OneOf(["active", "inactive"] as const),
  logo: Nullable(Type.String()),
  primary_color: Type.String(),
  secondary_color: Type.String(),
});
export type InstitutionPublic = Static<typeof InstitutionPublic>;

/**
 * `GET /public/institutions/by-subdomain/{sub}`: the institution as its site's public pages need
 * it, with who may register there (join-policy.ts) and how its people sign in (sso.ts: whether its
 * identity provider is set up, never how), so that sign-in and sign-up say so up front.
 */
export const InstitutionSite = Type.Object({
  ...InstitutionPublic.properties,
  join_policy: OneOf(JOIN_POLICIES),
  join_domains: Type.Array(Type.String()),
  sso_mode: OneOf(SSO_MODES),
  sso_configured: Type.Boolean(),
});
export type InstitutionSite = Static<typeof InstitutionSite>;

/** The recruiter company of a recruiter's account. */
export const RecruiterSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: OneOf(["pending", "approved", "rejected"] as const),
});
export type RecruiterSummary = Static<typeof RecruiterSummary>;

const Names = Type.Union([Type.String(), Type.Array(Type.String())]);

/**
 * One CASL rule (`AppRule`, CASL's `RawRuleOf<AppAbility>`, typed by CASL): an action on a
 * subject, maybe only some fields, maybe only rows matching a condition, a MongoDB-style query
 * over the row's columns.
 */
const AbilityRule = Type.Unsafe<AppRule>(
  Type.Object({
    action: Names,
    subject: Type.Optional(Names),
    fields: Type.Optional(Names),
    conditions: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "A MongoDB-style query over the row's columns" }),
    ),
    inverted: Type.Optional(Type.Boolean()),
    reason: Type.Optional(Type.String()),
  }),
);

/** Who is signed in: what sign-in answers and every profile answer starts with. */
const SessionProfileProperties = {
  id: Type.Integer(),
  email: Type.String(),
  full_name: Type.String(),
  phone: Nullable(Type.String()),
  role: OneOf(ALL_ROLES),
  roles: Type.Array(Type.Object({ name: OneOf(ALL_ROLES) })),
  enabled_features: Type.Array(Type.Object({ slug: Type.String() })),
  permissions: Type.Array(Type.Object({ slug: Type.String() })),
  institution: Nullable(InstitutionPublic),
  recruiter: Nullable(RecruiterSummary),
  email_verified: Type.Boolean(),
  rules: Type.Array(AbilityRule),
};
export const SessionProfile = Type.Object(SessionProfileProperties);
export type SessionProfile = Static<typeof SessionProfile>;

/** `POST /auth/login`. */
export const LoginAnswer = Type.Object({ data: Type.Object({ token: Type.String(), user: SessionProfile }) });
export type LoginAnswer = Static<typeof LoginAnswer>;

/** What the user keeps of themselves besides their account (`PATCH /profile` changes it). */
const ProfileDetailsProperties = {
  photo: Nullable(Type.String()),
  linkedin_url: Nullable(Type.String()),
  website: Nullable(Type.String()),
  country: Nullable(Type.String()),
  province_id: Nullable(Type.Integer()),
  district_id: Nullable(Type.Integer()),
  municipality_id: Nullable(Type.Integer()),
  program_department_id: Nullable(Type.Integer()),
  year: Nullable(Type.Integer()),
  /** Tags chosen among the tags, kept by name. */
  preferences: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  calendar: OneOf(CALENDARS),
};
export const ProfileDetails = Type.Object(ProfileDetailsProperties);
export type ProfileDetails = Static<typeof ProfileDetails>;

/** Where a skill was gained: a course, program or roadmap completed, or a learning event. */
export const SkillSource = Type.Object({
  type: OneOf(SKILL_SOURCE_TYPES),
  id: Nullable(Type.Integer()),
  title: Nullable(Type.String()),
});
export type SkillSource = Static<typeof SkillSource>;

/** A skill the learner has gained, as their profile lists it. */
export const ProfileSkill = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gained_at: Type.String(),
  source: SkillSource,
});
export type ProfileSkill = Static<typeof ProfileSkill>;

/** `GET /profile`: the session's user, their details and their skills. */
export const Profile = Type.Object({
  ...SessionProfileProperties,
  ...ProfileDetailsProperties,
  skills: Type.Array(ProfileSkill),
});
export type Profile = Static<typeof Profile>;

/** `PATCH /profile`: the saved profile, without the skills (they do not change here). */
export const ProfileSaved = Type.Object({
  message: Type.String(),
  data: Type.Object({ ...SessionProfileProperties, ...ProfileDetailsProperties }),
});
export type ProfileSaved = Static<typeof ProfileSaved>;

/** `GET /profile/options`: what the profile form offers to choose. */
export const ProfileOptions = Type.Object({
  /** `tags` for staff and recruiters, `preferences` for institutions and learners. */
  tag_field: OneOf(["tags", "preferences"] as const),
  tags: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() })),
  program_departments: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String(), kind: Type.String() })),
});
export type ProfileOptions = Static<typeof ProfileOptions>;

/** `POST /profile/password`: a new token (the old ones stop working). */
export const PasswordChanged = Type.Object({ message: Type.String(), data: Type.Object({ token: Type.String() }) });
export type PasswordChanged = Static<typeof PasswordChanged>;
