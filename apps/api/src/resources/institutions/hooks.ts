import { isEmailDomain, joinDomainsOf, RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from "@csc/shared";
import type { FieldErrors, ResourceHooks, RowWrite } from "../../engine/types.js";

const usableSubdomain = (sub: string) =>
  SUBDOMAIN_PATTERN.test(sub) && !(RESERVED_SUBDOMAINS as readonly string[]).includes(sub);

/**
 * Institutions (and their own details page): a subdomain their site can be reached at, and
 * e-mail domains written as domains (with none listed, a site that takes their addresses takes nobody).
 */
async function institutionErrors({ row, changed, t }: RowWrite): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (typeof changed.subdomain === "string" && !usableSubdomain(changed.subdomain.toLowerCase())) {
    errors.subdomain = t("field.subdomain");
  }
  if ("join_domains" in changed) {
    const domains = Array.isArray(row.join_domains) ? row.join_domains : joinDomainsOf(row.join_domains);
    if (!domains.every(isEmailDomain)) errors.join_domains = t("field.emailDomain");
  }
  return errors;
}

export const institutionHooks: ResourceHooks = { rowErrors: institutionErrors };
