import { DEFAULT_ROLE, isRole, type Role, roleKind } from "@csc/shared";
import type { CurrentUser } from "./types";

/** Spec §3: the first entry of `roles` names the role; spec §4: learner when none is given. */
export function roleOf(
  user: (Pick<CurrentUser, "roles"> & Partial<Pick<CurrentUser, "role">>) | null | undefined,
): Role {
  const first = user?.roles?.[0]?.name ?? user?.role;
  return isRole(first) ? first : DEFAULT_ROLE;
}

/** The locale key of the dashboard title (spec §2): My College / My Company / Your Dashboard. */
export function dashboardTitleKey(user: CurrentUser): string {
  if (roleKind(roleOf(user)) === "institution") {
    if (user.institution?.type === "college") return "dashboard.titleCollege";
    if (user.institution?.type === "company") return "dashboard.titleCompany";
  }
  return "dashboard.title";
}
