import type { ResourceBehaviour } from "../../engine/behaviour";

/** The recruiter's Company Profile: the session's own recruiter company. */
export const companyProfile: ResourceBehaviour = { singleRecord: { recordId: (user) => user.recruiter?.id } };
