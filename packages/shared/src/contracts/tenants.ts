import { type Static, Type } from "typebox";
import { Nullable, OneOf } from "./common.js";
import { InstitutionPublic } from "./profile.js";

/** `GET /college/{id}`, `GET /institution/{id}`: an institution's record, for whoever reaches it. */
export const InstitutionRecord = Type.Object({
  // what its public site shows, and its contacts and place
  ...InstitutionPublic.properties,
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  website: Nullable(Type.String()),
  address: Nullable(Type.String()),
  province_id: Nullable(Type.Integer()),
  district_id: Nullable(Type.Integer()),
  municipality_id: Nullable(Type.Integer()),
  created_at: Type.String(),
});
export type InstitutionRecord = Static<typeof InstitutionRecord>;

/** `GET /recruiter-profile`: the signed-in recruiter's company. */
export const RecruiterProfile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: OneOf(["pending", "approved", "rejected"] as const),
  email: Type.String(),
  phone: Nullable(Type.String()),
  website: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  address: Nullable(Type.String()),
  created_at: Type.String(),
});
export type RecruiterProfile = Static<typeof RecruiterProfile>;

/** `GET /public/job-providers/check-job-provider/{id}`: an approved recruiter company, by name and logo. */
export const PublicRecruiter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Nullable(Type.String()),
});
export type PublicRecruiter = Static<typeof PublicRecruiter>;
