import { type Static, Type } from "typebox";
import { Nullable, OneOf } from "./contracts/common.js";
import { type Role, type RoleKind, roleKind } from "./roles.js";

/**
 * What the platform tells people of (DESIGN §5b `notifications`): each kind is for some kinds of
 * user, and each person chooses per kind whether it shows in the bell (`in_app`) and whether and
 * when it is mailed (`email`): at once, in a daily or a weekly digest, or not at all. A kind's
 * defaults are what a person who never chose gets.
 */
export const NOTIFICATION_KINDS = [
  "application-moved",
  "certificate-issued",
  "saved-search-match",
  "saved-posting-deadline",
  "new-applicant",
  "join-request",
  "recruiter-request",
  "import-finished",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const isNotificationKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

export const EMAIL_CHOICES = ["instant", "daily", "weekly", "off"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];
/** The e-mail choices that gather a person's notifications into one mail. */
export const DIGEST_PERIODS = ["daily", "weekly"] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

export interface NotificationChoice {
  in_app: boolean;
  email: EmailChoice;
}

interface KindDefinition {
  /** The kinds of user it can be about: nobody else is told of it or offered the choice. */
  for: readonly RoleKind[];
  defaults: NotificationChoice;
  /** The e-mail choices offered, when not all of them. */
  email?: readonly EmailChoice[];
}

/**
 * Each kind: whom it concerns and what they get until they choose. An applicant hears of their
 * application and certificate at once (as the platform always mailed them); staff get their new
 * applicants in a daily digest, so that a placement-day rush is one mail, not a thousand.
 */
export const NOTIFICATION_KIND_DEFINITIONS: Readonly<Record<NotificationKind, KindDefinition>> = {
  "application-moved": { for: ["learner"], defaults: { in_app: true, email: "instant" } },
  "certificate-issued": { for: ["learner"], defaults: { in_app: true, email: "instant" } },
  // the mail of a saved search's alert goes when the search says (at once, daily, weekly); "off" here stops them all
  // (so the choice here is on, "instant", or off)
  "saved-search-match": { for: ["learner"], defaults: { in_app: true, email: "instant" }, email: ["instant", "off"] },
  // the day before a posting the learner saved stops taking applications (unless they applied)
  "saved-posting-deadline": { for: ["learner"], defaults: { in_app: true, email: "instant" } },
  "new-applicant": { for: ["provider", "institution", "recruiter"], defaults: { in_app: true, email: "daily" } },
  "join-request": { for: ["institution"], defaults: { in_app: true, email: "instant" } },
  "recruiter-request": { for: ["provider"], defaults: { in_app: true, email: "instant" } },
  "import-finished": { for: ["provider", "institution"], defaults: { in_app: true, email: "off" } },
};

/** The e-mail choices a kind offers, in the order the settings list them. */
export const emailChoicesFor = (kind: NotificationKind): readonly EmailChoice[] =>
  NOTIFICATION_KIND_DEFINITIONS[kind].email ?? EMAIL_CHOICES;

/** The kinds a person with this role can receive, in the order the settings list them. */
export const notificationKindsFor = (role: Role): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_DEFINITIONS[kind].for.includes(roleKind(role)));

export type NotificationPreferences = Partial<Record<NotificationKind, NotificationChoice>>;

/**
 * A person's choices for every kind their role receives: what they stored over each kind's
 * defaults. A stored value of another shape (or of a kind no longer offered) is ignored.
 */
export function preferencesFor(role: Role, stored: unknown): NotificationPreferences {
  const saved = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const preferences: NotificationPreferences = {};
  for (const kind of notificationKindsFor(role)) {
    const choice = saved[kind] as Partial<NotificationChoice> | undefined;
    const defaults = NOTIFICATION_KIND_DEFINITIONS[kind].defaults;
    preferences[kind] = {
      in_app: typeof choice?.in_app === "boolean" ? choice.in_app : defaults.in_app,
      email: (emailChoicesFor(kind) as readonly unknown[]).includes(choice?.email)
        ? (choice?.email as EmailChoice)
        : defaults.email,
    };
  }
  return preferences;
}

/** One kind's choice in a body: both parts, each optional (a PATCH changes what it names). */
export const NotificationChoiceSchema = Type.Object(
  { in_app: Type.Boolean(), email: OneOf(EMAIL_CHOICES) },
  { additionalProperties: false },
);

/** `GET|PATCH /profile/notification-preferences`: `{ data: { [kind]: { in_app, email } } }`. */
export const NotificationPreferencesAnswer = Type.Object({
  data: Type.Record(Type.String(), NotificationChoiceSchema),
});
export type NotificationPreferencesAnswer = Static<typeof NotificationPreferencesAnswer>;

/** `PATCH /profile/notification-preferences`: the kinds to change, each with both parts. */
export const NotificationPreferencesBody = Type.Record(Type.String(), NotificationChoiceSchema, {
  maxProperties: NOTIFICATION_KINDS.length,
});

/** A notification as its owner reads it (DESIGN §5b). */
export const NotificationRow = Type.Object({
  id: Type.Integer(),
  kind: OneOf(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  link: Type.String(),
  read_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type NotificationRow = Static<typeof NotificationRow>;

/** `GET /notifications/unread-count`. */
export const UnreadCountAnswer = Type.Object({ data: Type.Object({ count: Type.Integer() }) });
export type UnreadCountAnswer = Static<typeof UnreadCountAnswer>;

/** `POST /notifications/read`: these ids, or every one of the caller's when none are named. */
export const MarkReadBody = Type.Object(
  { ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1_000 })) },
  { additionalProperties: false },
);
/** What `POST /notifications/read` answers: how many it marked. */
export const MarkReadAnswer = Type.Object({ data: Type.Object({ updated: Type.Integer() }) });

/** The most notifications the bell's list shows at once; the page pages through the rest. */
export const BELL_LIMIT = 8;
/** How many notifications a digest mail lists at most (the rest are counted, with a link to all). */
export const DIGEST_LIMIT = 10;
