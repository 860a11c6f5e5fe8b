import { postingApplicants } from "../applications/PostingApplicants";

export default postingApplicants("scholarship");
