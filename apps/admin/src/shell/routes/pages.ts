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
 * The frame's pages learners get instead of the console's: their home under the same welcome. A
 * resource's learner page (cards to apply to or enrol in) is its own (resources/<name>/index.ts
 * `learnerPage`); staff keep the generic pages of the same entries.
 */
export const LEARNER_PAGES: Partial<Record<MenuName, LazyPage>> = {
  dashboard: lazy(() => import("../../learner/LearnerHome")),
};

/** The Help area: every role's Help page, and the tutorials provider staff keep. */
export const HelpPage = lazy(() => import("../../help/HelpPage"));
export const TutorialsPage = lazy(() => import("../../help/TutorialsPage"));

/** The notification centre: every role's, reached from the bell in the header. */
export const NotificationsPage = lazy(() => import("../../notifications/NotificationsPage"));
export const NotificationSettingsPage = lazy(() => import("../../notifications/NotificationSettingsPage"));

export const ResourcePage: LazyPage = lazy(() => import("../../engine/ResourcePage"));
export const LearnerDetailsPage = lazy(() => import("../../pages/LearnerDetails"));
export const NotAllowedPage = lazy(() => import("../../pages/NotAllowed"));
