import type { ResourceProps } from "@refinedev/core";
import { createContext, useContext } from "react";

/** The server-driven menu becomes refine's resources once the signed-in user's meta arrives. */
export const ResourcesContext = createContext<(resources: ResourceProps[]) => void>(() => {});
export const useSetResources = () => useContext(ResourcesContext);
