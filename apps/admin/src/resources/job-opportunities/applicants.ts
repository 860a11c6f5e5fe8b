import { postingApplicants } from "../applications/PostingApplicants";

export default postingApplicants("job-opportunity");
