import type { MenuName } from "@csc/shared";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { MenuPageProps } from "./MenuRouteContext";

type LazyPage = LazyExoticComponent<ComponentType<MenuPageProps>>;

/**
 * The page behind each menu entry, loaded on demand. Entries without their own page here get the
 * generic pages of their resource (ResourcePage: list, detail, create, edit from `/api/meta`).
 */
export const MENU_PAGES: Partial<Record<MenuName, LazyPage>> = {
  dashboard: lazy(() => import("../pages/Dashboard")),
  profile: lazy(() => import("../pages/Profile")),
};

export const ResourcePage: LazyPage = lazy(() => import("../resources/ResourcePage"));
export const LearnerDetailsPage = lazy(() => import("../pages/LearnerDetails"));
export const NotAllowedPage = lazy(() => import("../pages/NotAllowed"));
