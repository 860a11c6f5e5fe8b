import { isEmailDomain, isOidcIssuer, joinDomainsOf, RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from "@csc/shared";
import type { FieldErrors, ResourceHooks, RowWrite } from "../../engine/types.js";

const usableSubdomain = (sub: string) =>
  SUBDOMAIN_PATTERN.test(sub) && !(RESERVED_SUBDOMAINS as readonly string[]).includes(sub);

/**
 * Institutions (and their own details page): a subdomain their site can be reached at, e-mail
 * domains written as domains (with none listed, a site that takes their addresses takes nobody), an
 * identity provider's issuer as OpenID Connect names one, and single sign-on turned on only with
 * its issuer and client id set — a site signing in through nobody would lock everyone out.
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
  if (typeof changed.oidc_issuer === "string" && !isOidcIssuer(changed.oidc_issuer)) {
    errors.oidc_issuer = t("field.oidcIssuer");
  }
  const ssoTouched = ["sso_mode", "oidc_issuer", "oidc_client_id"].some((name) => name in changed);
  if (ssoTouched && row.sso_mode !== "password" && !(row.oidc_issuer && row.oidc_client_id)) {
    errors.sso_mode = t("field.ssoNeedsProvider");
  }
  return errors;
}

export const institutionHooks: ResourceHooks = { rowErrors: institutionErrors };
