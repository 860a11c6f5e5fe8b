import { type Static, Type } from "typebox";
import { Nullable } from "./common.js";

/**
 * What the commands of the registry answer when they do not answer a row (withdraw, apply, enrol
 * and an enrolment's progress answer the row they changed or made, as the reader may see it).
 */

/** `POST /applications/bulk`: how many changed, and the change to undo while its window is open. */
export const BulkChanged = Type.Object({
  message: Type.String(),
  data: Type.Object({
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    change_id: Nullable(Type.Integer()),
    undo_until: Nullable(Type.String()),
  }),
});
export type BulkChanged = Static<typeof BulkChanged>;

/** `POST /application-changes/{id}/undo`: how many applications were put back. */
export const ChangeUndone = Type.Object({ message: Type.String(), data: Type.Object({ restored: Type.Integer() }) });
export type ChangeUndone = Static<typeof ChangeUndone>;

/** `POST /recruiters-request/approve|reject`: the companies decided. */
export const RecruitersDecided = Type.Object({
  message: Type.String(),
  data: Type.Object({ ids: Type.Array(Type.Integer()) }),
});
export type RecruitersDecided = Static<typeof RecruitersDecided>;

/** `POST /join-requests/approve|reject`: the people answered. */
export const JoinRequestsDecided = Type.Object({
  message: Type.String(),
  data: Type.Object({ ids: Type.Array(Type.Integer()) }),
});
export type JoinRequestsDecided = Static<typeof JoinRequestsDecided>;

/** `POST /invitations/{id}/resend`: the invitations mailed a new link. */
export const InvitationsResent = Type.Object({
  message: Type.String(),
  data: Type.Object({ ids: Type.Array(Type.Integer()) }),
});
export type InvitationsResent = Static<typeof InvitationsResent>;

/** `POST /invitations/accept`: the mailed link's token and the password the person chooses. */
export const InvitationAcceptance = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type InvitationAcceptance = Static<typeof InvitationAcceptance>;

/** `POST /enrolments/bulk`: how many enrolments were completed (or taken back). */
export const EnrolmentsUpdated = Type.Object({
  message: Type.String(),
  data: Type.Object({ updated: Type.Integer() }),
});
export type EnrolmentsUpdated = Static<typeof EnrolmentsUpdated>;

/** An attempt's score as the learner gets it. */
export const AttemptResult = Type.Object({
  id: Type.Integer(),
  /** One point per scored question answered right. */
  score: Type.Integer(),
  /** The number of scored questions. */
  max_score: Type.Integer(),
  /** The score as a whole percentage of the maximum (0 when nothing is scored). */
  percentage: Type.Integer(),
  /** Null when the assessment has no pass mark. */
  passed: Nullable(Type.Boolean()),
  taken_at: Type.String(),
});
export type AttemptResult = Static<typeof AttemptResult>;

/** `POST /self-assessment/{id}/attempts` (201): the attempt, scored. */
export const AttemptSubmitted = Type.Object({ message: Type.String(), data: AttemptResult });
export type AttemptSubmitted = Static<typeof AttemptSubmitted>;

/** A problem of one row of an imported file: its row as the spreadsheet numbers it (the header is 1), its column. */
export const ImportError = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  message: Type.String(),
});
export type ImportError = Static<typeof ImportError>;

/**
 * `POST /{students|employees}/import?mode=check|commit`: what the file holds and what became of
 * it (`check` writes nothing: its `created`, `updated` and `unchanged` say what `commit` would do).
 */
export const ImportResult = Type.Object({
  data: Type.Object({
    total: Type.Integer(),
    valid: Type.Integer(),
    invalid: Type.Integer(),
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    errors: Type.Array(ImportError),
  }),
});
export type ImportResult = Static<typeof ImportResult>;
