import type { MenuItem, MenuName } from "@csc/shared";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export interface MenuPageProps {
  entry: MenuItem;
}

type LazyPage = LazyExoticComponent<ComponentType<MenuPageProps>>;

/**
 * The page behind each menu entry, loaded on demand. Entries without their own page yet show
 * their title (MenuEntryPage); later work adds them here by name (DESIGN §2a).
 */
export const MENU_PAGES: Partial<Record<MenuName, LazyPage>> = {
  dashboard: lazy(() => import("../pages/Dashboard")),
  profile: lazy(() => import("../pages/Profile")),
};

export const MenuEntryPage: LazyPage = lazy(() => import("../pages/MenuEntryPage"));
export const LearnerDetailsPage = lazy(() => import("../pages/LearnerDetails"));
export const NotAllowedPage = lazy(() => import("../pages/NotAllowed"));
