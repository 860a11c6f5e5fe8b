import { useSession } from "../shell/session/SessionContext";
import type { ResourceMeta } from "./types";

/** The signed-in user's definition of a resource (`/api/meta`), or undefined when they may not read it. */
export function useResourceMeta(name: string): ResourceMeta | undefined {
  const { resources } = useSession();
  return resources.find((resource) => resource.name === name);
}
