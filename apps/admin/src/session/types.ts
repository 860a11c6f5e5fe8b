import type { AppRule, Calendar, InstitutionType, MenuItem, Role } from "@csc/shared";
import type { ResourceMeta } from "../resources/types";

/** `GET /api/public/config`. */
export interface PublicConfig {
  maintenance: boolean;
  rootDomain: string;
  adminSubdomain: string;
  captchaSiteKey: string | null;
  /** Spec §9: where a learner opens a course (with its variants, `courseSiteUrl` in @csc/shared). */
  courseSiteLoginUrl: string | null;
  courseSiteEditUrl: string | null;
  /** The API records missing translation keys (LOCALES_SAVE_MISSING); otherwise none are sent. */
  localesSaveMissing: boolean;
  languages: LanguageOption[];
}

/** Spec §3: a language option is a code and a display name. */
export interface LanguageOption {
  code: string;
  name: string;
}

/** `GET /api/public/institutions/by-subdomain/{sub}` and `user.institution`. */
export interface Institution {
  id: number;
  name: string;
  subdomain: string;
  logo: string | null;
  type: InstitutionType;
  status: "active" | "inactive";
  primary_color: string | null;
  secondary_color: string | null;
}

/** `GET /api/profile`: spec §3 authUser. */
export interface CurrentUser {
  id: number;
  email: string;
  full_name: string;
  role?: Role;
  roles: { name: Role }[];
  enabled_features: { slug: string }[];
  permissions: { slug: string }[];
  institution: Institution | null;
  recruiter: { id: number; name: string } | null;
  rules: AppRule[];
  /** The calendar dates are shown in; absent until the account has the option. */
  calendar?: Calendar | null;
}

/** `GET /api/meta`. */
export interface Meta {
  menu: MenuItem[];
  resources: ResourceMeta[];
}
