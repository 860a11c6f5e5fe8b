import type { MenuItem, Role } from "@csc/shared";
import { createContext, useContext } from "react";
import type { ResourceMeta } from "../../engine/types";
import type { CurrentUser } from "./types";

export interface SessionValue {
  user: CurrentUser;
  role: Role;
  /** The user's menu from `GET /api/meta`: the server decides, the admin renders. */
  menu: MenuItem[];
  /** The resources the user may use, with their fields and actions (`GET /api/meta`). */
  resources: ResourceMeta[];
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in user, role and menu; only inside the signed-in screens. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside the signed-in layout");
  return value;
}
