import { assignableRoles, isProviderRole, isRole, roleFitsInstitution } from "@csc/shared";
import { useMemo } from "react";
import type { FieldMeta } from "../../engine/types";
import { useSession } from "../../shell/session/SessionContext";

/**
 * A form's role choices: only the roles the user may give (`assignableRoles`, the API's own rule)
 * and, for institution staff, only those that fit their institution (no COLLEGE_* at a company).
 * Any other field comes back as it is.
 */
export function useAssignableRoles(field: FieldMeta): FieldMeta {
  const { role, user } = useSession();
  return useMemo(() => {
    if (field.name !== "role" || !field.options) return field;
    const allowed = assignableRoles(role);
    const institutionType = user.institution?.type ?? null;
    const options = field.options.filter(
      (option) =>
        isRole(option.value) &&
        allowed.includes(option.value) &&
        (isProviderRole(role) || roleFitsInstitution(option.value, institutionType)),
    );
    return { ...field, options };
  }, [field, role, user.institution]);
}
