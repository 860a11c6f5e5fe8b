import { RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from "@csc/shared";
import type { FieldErrors, ResourceHooks } from "../../engine/types.js";

const usableSubdomain = (sub: string) =>
  SUBDOMAIN_PATTERN.test(sub) && !(RESERVED_SUBDOMAINS as readonly string[]).includes(sub);

/** Institutions (and their own details page): a subdomain their site can be reached at. */
export const institutionHooks: ResourceHooks = {
  rowErrors: async ({ changed, t }): Promise<FieldErrors> =>
    typeof changed.subdomain === "string" && !usableSubdomain(changed.subdomain.toLowerCase())
      ? { subdomain: t("field.subdomain") }
      : {},
};
