import { createContext, useContext } from "react";
import type { PublicConfig } from "../session/types";
import type { ResolvedSite } from "./site";

interface SiteContextValue {
  config: PublicConfig;
  site: ResolvedSite;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

/** The site this page serves and the public config, resolved before the app rendered. */
export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite outside <SiteContext>");
  return value;
}
