import type { ResourceBehaviour } from "../../engine/behaviour";

/** The recruiter's Company Profile: the session's own recruiter company. */
const behaviour: ResourceBehaviour = { singleRecord: { recordId: (user) => user.recruiter?.id } };

export default behaviour;
