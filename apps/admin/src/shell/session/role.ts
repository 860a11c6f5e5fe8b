import { DEFAULT_ROLE, isRole, type Role, roleKind } from "@csc/shared";
import type { CurrentUser } from "./types";

/** The first entry of `roles` names the role; learner when none is given. */
export function roleOf(
  user: (Pick<CurrentUser, "roles"> & Partial<Pick<CurrentUser, "role">>) | null | undefined,
): Role {
  const first = user?.roles?.[0]?.name ?? user?.role;
  return isRole(first) ? first : DEFAULT_ROLE;
}

/** The locale key of the dashboard title: My College / My Company / Your Dashboard. */
export function dashboardTitleKey(user: CurrentUser): string {
  if (roleKind(roleOf(user)) === "institution") {
    if (user.institution?.type === "college") return "dashboard.titleCollege";
    if (user.institution?.type === "company") return "dashboard.titleCompany";
  }
  return "dashboard.title";
}
