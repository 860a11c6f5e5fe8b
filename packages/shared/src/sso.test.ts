import { describe, expect, it } from "vitest";
import { isOidcIssuer, isSsoError, offersSso, takesPasswords } from "./sso.js";

describe("single sign-on", () => {
  it("offers the password form unless the site signs in through its provider only", () => {
    expect(takesPasswords("password")).toBe(true);
    expect(takesPasswords("both")).toBe(true);
    expect(takesPasswords("sso")).toBe(false);
  });

  it("offers its provider once it is set up and turned on", () => {
    expect(offersSso("sso", true)).toBe(true);
    expect(offersSso("both", true)).toBe(true);
    expect(offersSso("password", true)).toBe(false);
    expect(offersSso("sso", false)).toBe(false);
  });

  it("takes an https issuer, and plain http only on loopback", () => {
    expect(isOidcIssuer("https://login.kmc.edu.np")).toBe(true);
    expect(isOidcIssuer("https://login.microsoftonline.com/tenant/v2.0")).toBe(true);
    expect(isOidcIssuer("http://127.0.0.1:4000")).toBe(true);
    expect(isOidcIssuer("http://localhost:4000/oidc")).toBe(true);
    expect(isOidcIssuer("http://login.kmc.edu.np")).toBe(false);
    expect(isOidcIssuer("https://login.kmc.edu.np/?next=1")).toBe(false);
    expect(isOidcIssuer("https://user:pass@login.kmc.edu.np")).toBe(false);
    expect(isOidcIssuer("ftp://login.kmc.edu.np")).toBe(false);
    expect(isOidcIssuer("login.kmc.edu.np")).toBe(false);
  });

  it("knows its refusal reasons and nothing else", () => {
    expect(isSsoError("other_institution")).toBe(true);
    expect(isSsoError("<script>")).toBe(false);
  });
});
