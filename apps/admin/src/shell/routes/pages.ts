import type { MenuName } from "@csc/shared";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { MenuPageProps } from "./MenuRouteContext";

type LazyPage = LazyExoticComponent<ComponentType<MenuPageProps>>;

/**
 * The page behind each menu entry, loaded on demand. Entries without their own page here get the
 * generic pages of their resource (ResourcePage: list, detail, create, edit from `/api/meta`).
 */
export const MENU_PAGES: Partial<Record<MenuName, LazyPage>> = {
  dashboard: lazy(() => import("../../pages/Dashboard")),
  profile: lazy(() => import("../../pages/Profile")),
};

/**
 * Learners get cards instead of the console's table on the postings they apply to and the courses,
 * roadmaps and assessments they enrol in or take;
 * staff keep the generic pages of the same entries.
 */
const LearnerPostingsPage: LazyPage = lazy(() => import("../../learner/PostingsPage"));
const LearnerLearningPage: LazyPage = lazy(() => import("../../learner/LearningPage"));
export const LEARNER_PAGES: Partial<Record<MenuName, LazyPage>> = {
  // the learner's home: what to do next, under the same welcome
  dashboard: lazy(() => import("../../learner/LearnerHome")),
  "learning-events": LearnerPostingsPage,
  "job-opportunities": LearnerPostingsPage,
  scholarship: LearnerPostingsPage,
  courses: LearnerLearningPage,
  "career-roadmap": LearnerLearningPage,
  "self-assessment": lazy(() => import("../../learner/AssessmentsPage")),
  "global-partners": lazy(() => import("../../learner/PartnersPage")),
  // "User Management" for a learner is their own account (at /account, @csc/shared menu)
  users: lazy(() => import("../../learner/AccountPage")),
};

/** The Help area: every role's Help page, and the tutorials provider staff keep. */
export const HelpPage = lazy(() => import("../../help/HelpPage"));
export const TutorialsPage = lazy(() => import("../../help/TutorialsPage"));

export const ResourcePage: LazyPage = lazy(() => import("../../engine/ResourcePage"));
export const LearnerDetailsPage = lazy(() => import("../../pages/LearnerDetails"));
export const NotAllowedPage = lazy(() => import("../../pages/NotAllowed"));
