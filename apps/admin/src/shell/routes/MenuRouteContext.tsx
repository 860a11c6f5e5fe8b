import type { MenuItem } from "@csc/shared";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useLocation } from "react-router";
import { useSession } from "../session/SessionContext";
import { type MenuRouteMatch, matchMenuRoute } from "./route-match";

const MenuRouteContext = createContext<MenuRouteMatch | null>(null);

/** Reads the signed-in path once for the sidebar, the route and the pages below. */
export function MenuRouteProvider({ children }: { children: ReactNode }) {
  const { menu, role } = useSession();
  const { pathname } = useLocation();
  const match = useMemo(() => matchMenuRoute(menu, role, pathname), [menu, role, pathname]);
  return <MenuRouteContext.Provider value={match}>{children}</MenuRouteContext.Provider>;
}

/** The current path's resource, action and id (and its menu entry), as MenuRouteProvider read it. */
export function useMenuRoute(): MenuRouteMatch {
  const value = useContext(MenuRouteContext);
  if (!value) throw new Error("useMenuRoute outside <MenuRouteProvider>");
  return value;
}

/** What every menu entry's page is given: its entry. */
export interface MenuPageProps {
  entry: MenuItem;
}
