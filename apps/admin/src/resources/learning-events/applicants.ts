import { postingApplicants } from "../applications/PostingApplicants";

export default postingApplicants("learning-event");
