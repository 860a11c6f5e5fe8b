import type { Generated } from "kysely";

/**
 * Timestamps are ISO-8601 UTC strings and JSON lists are text, so the same rows read back
 * identically on SQLite and PostgreSQL.
 */
export interface InstitutionTable {
  id: Generated<number>;
  name: string;
  subdomain: string;
  type: "college" | "company";
  status: "active" | "inactive";
  logo: string | null;
  primary_color: string;
  secondary_color: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  feature_profile_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecruiterTable {
  id: Generated<number>;
  name: string;
  status: "pending" | "approved" | "rejected";
  email: string;
  phone: string | null;
  website: string | null;
  logo: string | null;
  address: string | null;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  full_name: string;
  phone: string | null;
  role: string;
  institution_id: number | null;
  recruiter_id: number | null;
  /** JSON array of permission slugs; empty means every slug passes (spec §6). */
  permissions: string;
  status: "active" | "disabled";
  email_verified_at: string | null;
  /** Raised to revoke every earlier token (password reset). */
  token_version: number;
  deleted_at: string | null;
  deleted_by: number | null;
  delete_reason: string | null;
  program_department_id: number | null;
  year: number | null;
  /** JSON arrays of strings. */
  skills: string | null;
  preferences: string | null;
  linkedin_url: string | null;
  website: string | null;
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProvinceTable {
  id: number;
  name: string;
  name_np: string;
}

export interface DistrictTable {
  id: number;
  province_id: number;
  name: string;
  name_np: string;
}

export interface MunicipalityTable {
  id: number;
  district_id: number;
  name: string;
  name_np: string;
  category: string;
}

export interface ProgramDepartmentTable {
  id: Generated<number>;
  institution_id: number | null;
  kind: "program" | "department";
  name: string;
  created_at: string;
  updated_at: string;
}

export interface FeatureProfileTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** JSON array of feature keys (spec §4). */
  features: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokenTable {
  jti: string;
  expires_at: string;
}

export interface UserTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: "verify-email" | "reset-password";
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  /** `logged` (no SMTP_URL: the server's log has it), `sent` or `failed`. */
  status: Generated<"logged" | "sent" | "failed">;
  created_at: string;
}

/** An application to a learning event, a job opportunity or a scholarship (DESIGN §5a). */
export interface ApplicationTable {
  id: Generated<number>;
  posting_type: "learning-event" | "job-opportunity" | "scholarship";
  learning_event_id: number | null;
  job_opportunity_id: number | null;
  scholarship_id: number | null;
  /** Null for a public applicant without an account. */
  user_id: number | null;
  full_name: string;
  email: string;
  contact_number: string | null;
  profession: string | null;
  institution_id: number | null;
  institution: string | null;
  department: string | null;
  applied_at: string;
  applicant_type: "skill_lab" | "college" | "recruiter" | null;
  stage: string;
  attendance: Generated<number>;
  grade: string | null;
  percentage: number | null;
  completion_status: "complete" | "in_complete" | null;
  certificate_code: string | null;
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Who uploaded which file and how large it is, for the per-user rate and quota. */
export interface UploadTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  bytes: number;
  created_at: string;
}

export interface MissingLocaleKeyTable {
  id: Generated<number>;
  lng: string;
  ns: string;
  key: string;
  fallback: string | null;
  created_at: string;
}

export interface AuthThrottleTable {
  key: string;
  window_start: string;
  failures: number;
}

export interface DownloadLogTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  /** JSON object of the list filters the export honoured. */
  filters: string;
  row_count: number;
  created_at: string;
}

export interface Database {
  institutions: InstitutionTable;
  recruiters: RecruiterTable;
  users: UserTable;
  provinces: ProvinceTable;
  districts: DistrictTable;
  municipalities: MunicipalityTable;
  program_departments: ProgramDepartmentTable;
  feature_profiles: FeatureProfileTable;
  revoked_tokens: RevokedTokenTable;
  user_tokens: UserTokenTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadTable;
  applications: ApplicationTable;
  missing_locale_keys: MissingLocaleKeyTable;
  auth_throttle: AuthThrottleTable;
  download_logs: DownloadLogTable;
}
