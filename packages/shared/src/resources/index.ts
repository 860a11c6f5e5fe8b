import type { ResourceDefinition, ResourceName } from "../registry/types.js";
import { applications } from "./applications.js";
import { assessmentAttempts } from "./assessment-attempts.js";
import { careerRoadmap } from "./career-roadmap.js";
import { collegeRecruiters } from "./college-recruiters.js";
import { companyProfile } from "./company-profile.js";
import { courses } from "./courses.js";
import { deletedUsers } from "./deleted-users.js";
import { downloadLogs } from "./download-logs.js";
import { employees } from "./employees.js";
import { enrichmentPrograms } from "./enrichment-programs.js";
import { enrolments } from "./enrolments.js";
import { featureProfile } from "./feature-profile.js";
import { globalPartners } from "./global-partners.js";
import { imports } from "./imports.js";
import { institutionDetails } from "./institution-details.js";
import { institutionFeatureProfile } from "./institution-feature-profile.js";
import { institutions } from "./institutions.js";
import { invitations } from "./invitations.js";
import { jobOpportunities } from "./job-opportunities.js";
import { joinRequests } from "./join-requests.js";
import { learnerSkills } from "./learner-skills.js";
import { learningEvents } from "./learning-events.js";
import { mailQueue } from "./mail-queue.js";
import { programDepartments } from "./program-departments.js";
import { recruitersExisting } from "./recruiters-existing.js";
import { recruitersRequest } from "./recruiters-request.js";
import { scholarship } from "./scholarship.js";
import { selfAssessment } from "./self-assessment.js";
import { students } from "./students.js";
import { tags } from "./tags.js";
import { testimonials } from "./testimonials.js";
import { tutorials } from "./tutorials.js";
import { users } from "./users.js";

/** Every resource, each declared in its own module here: the API serves them, the admin renders them. */
export const RESOURCES: Record<ResourceName, ResourceDefinition> = {
  institutions,
  "institution-details": institutionDetails,
  students,
  employees,
  imports,
  users,
  invitations,
  "join-requests": joinRequests,
  "career-roadmap": careerRoadmap,
  "self-assessment": selfAssessment,
  courses,
  scholarship,
  "learning-events": learningEvents,
  "job-opportunities": jobOpportunities,
  "global-partners": globalPartners,
  "recruiters-existing": recruitersExisting,
  "recruiters-request": recruitersRequest,
  "college-recruiters": collegeRecruiters,
  "company-profile": companyProfile,
  "enrichment-programs": enrichmentPrograms,
  "feature-profile": featureProfile,
  "institution-feature-profile": institutionFeatureProfile,
  "program-departments": programDepartments,
  tags,
  testimonials,
  "deleted-users": deletedUsers,
  "download-logs": downloadLogs,
  "mail-queue": mailQueue,
  tutorials,
  applications,
  enrolments,
  "learner-skills": learnerSkills,
  "assessment-attempts": assessmentAttempts,
};

export { INVITATION_DAYS } from "./invitations.js";

export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];
export const isResourceName = (value: string): value is ResourceName => Object.hasOwn(RESOURCES, value);
