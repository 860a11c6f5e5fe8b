import { describe, expect, it } from "vitest";
import { guessSiteKind, siteAddressOf } from "./site";

const config = { rootDomain: "localhost", adminSubdomain: "admin" };

describe("siteAddressOf", () => {
  it("treats the bare root domain and the admin subdomain as the provider's site", () => {
    expect(siteAddressOf("localhost:3000", "/login", config)).toEqual({ kind: "provider", basename: "" });
    expect(siteAddressOf("admin.localhost:3000", "/", config)).toEqual({ kind: "provider", basename: "" });
  });

  it("treats a first host label of recruiter as the recruiter site", () => {
    expect(siteAddressOf("recruiter.localhost:3000", "/register", config)).toEqual({ kind: "recruiter", basename: "" });
  });

  it("looks any other first label up as an institution", () => {
    expect(siteAddressOf("kmc.localhost:3000", "/admin/dashboard", config)).toEqual({
      kind: "institution",
      basename: "",
      subdomain: "kmc",
      viaPath: false,
    });
  });

  it("takes the institution from a /no-domain/<sub> path and makes it the router's base", () => {
    expect(siteAddressOf("localhost:3000", "/no-domain/kmc/login", config)).toEqual({
      kind: "institution",
      basename: "/no-domain/kmc",
      subdomain: "kmc",
      viaPath: true,
    });
    expect(siteAddressOf("localhost:3000", "/no-domain/recruiter/login", config)).toEqual({
      kind: "recruiter",
      basename: "/no-domain/recruiter",
    });
  });

  it("treats a host outside the root domain as the provider's site", () => {
    expect(siteAddressOf("127.0.0.1:3000", "/", config)).toEqual({ kind: "provider", basename: "" });
  });
});

describe("guessSiteKind (the loader's colour before the config arrives)", () => {
  it("is dark on the admin site and light elsewhere", () => {
    expect(guessSiteKind("localhost:3000", "/")).toBe("provider");
    expect(guessSiteKind("admin.example.org", "/")).toBe("provider");
    expect(guessSiteKind("kmc.localhost:3000", "/")).toBe("institution");
    expect(guessSiteKind("recruiter.localhost:3000", "/")).toBe("recruiter");
    expect(guessSiteKind("localhost:3000", "/no-domain/kmc/login")).toBe("institution");
  });
});
