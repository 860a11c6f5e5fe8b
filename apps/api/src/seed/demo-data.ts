import { ALL_ROLES, FEATURE_KEYS, type FeatureKey, JOIN_POLICIES } from "@csc/shared";
import { type Static, Type } from "typebox";
import { loadSeedFile, strictObject } from "./seed-files.js";

/** The demo tenants and one account per role, from seeds/demo.json. */

/** A contact person of an institution or recruiter company (`contact_persons`, docs/api.md "contacts"). */
export const Contact = strictObject({
  full_name: Type.String(),
  email: Type.String(),
  designation: Type.String(),
  phone_no: Type.String(),
});

const TENANTS = ["kmc", "himal"] as const;
const Colour = Type.String({ pattern: "^#[0-9A-Fa-f]{6}$" });

const Institution = strictObject({
  key: Type.Enum(TENANTS),
  name: Type.String(),
  type: Type.Enum(["college", "company"]),
  primaryColor: Colour,
  secondaryColor: Colour,
  /** Name of one of the feature profiles. */
  plan: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  website: Type.String(),
  address: Type.String(),
  /** District and local level names as nepal.ts seeds them. */
  district: Type.String(),
  municipality: Type.String(),
  /** Who may register on its site, and the e-mail domains that may (join-policy.ts). */
  joinPolicy: Type.Enum(JOIN_POLICIES),
  joinDomains: Type.Array(Type.String()),
  programs: Type.Array(Type.String()),
  departments: Type.Array(Type.String()),
  contacts: Type.Array(Contact),
});

const Demo = strictObject({
  featureProfiles: Type.Array(
    strictObject({
      name: Type.String(),
      description: Type.String(),
      /** A plan has every feature but these: a new feature reaches every plan unless left out here. */
      withoutFeatures: Type.Array(Type.Enum(FEATURE_KEYS)),
      isDefault: Type.Boolean(),
    }),
  ),
  institutions: Type.Array(Institution),
  recruiter: strictObject({
    name: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    website: Type.String(),
    address: Type.String(),
    contacts: Type.Array(Contact),
  }),
  accounts: Type.Array(
    strictObject({
      email: Type.String(),
      fullName: Type.String(),
      role: Type.Enum(ALL_ROLES),
      tenant: Type.Union([Type.Enum([...TENANTS, "recruiter"]), Type.Null()]),
    }),
  ),
  /** Invitations waiting to be accepted (never mailed: staff send them again to mail a link). */
  invitations: Type.Array(
    strictObject({
      email: Type.String(),
      fullName: Type.String(),
      role: Type.Enum(ALL_ROLES),
      tenant: Type.Union([Type.Enum(TENANTS), Type.Null()]),
      invitedBy: Type.String(),
      language: Type.Enum(["en-US", "np-NP"]),
    }),
  ),
  /** People who registered on a site that approves who joins, waiting for its staff (join requests). */
  joinRequests: Type.Array(
    strictObject({
      email: Type.String(),
      fullName: Type.String(),
      phone: Type.Union([Type.String(), Type.Null()]),
      tenant: Type.Enum(TENANTS),
    }),
  ),
  /** Learners loaded from spreadsheets before the demo starts: the record each import left. */
  imports: Type.Array(
    strictObject({
      tenant: Type.Enum(TENANTS),
      resource: Type.Enum(["students", "employees"]),
      fileName: Type.String(),
      total: Type.Integer(),
      created: Type.Integer(),
      updated: Type.Integer(),
      unchanged: Type.Integer(),
      invalid: Type.Integer(),
      by: Type.String(),
      daysAgo: Type.Integer(),
    }),
  ),
  /** Mail the mail server would not take, given up after its last try: what staff find in the mail queue. */
  failedMails: Type.Array(
    strictObject({
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      error: Type.String(),
      daysAgo: Type.Integer(),
    }),
  ),
});

const demo = loadSeedFile("demo.json", Demo);

export type DemoAccount = Static<typeof Demo>["accounts"][number];

export const FEATURE_PROFILES = demo.featureProfiles.map(({ withoutFeatures, ...plan }) => ({
  ...plan,
  features: FEATURE_KEYS.filter((key: FeatureKey) => !withoutFeatures.includes(key)),
}));
export const INSTITUTIONS = demo.institutions;
export const RECRUITER = demo.recruiter;
export const ACCOUNTS = demo.accounts;
export const INVITATIONS = demo.invitations;
export const JOIN_REQUESTS = demo.joinRequests;
export const IMPORTS = demo.imports;
export const FAILED_MAILS = demo.failedMails;
