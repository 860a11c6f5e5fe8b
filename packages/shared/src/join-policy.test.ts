import { describe, expect, it } from "vitest";
import { emailDomainOf, isEmailDomain, joinDomainsOf, joinOutcome, takesSignUps } from "./join-policy.js";

describe("who may join an institution's site", () => {
  it("refuses everyone on a closed site and lets everyone wait on an approving one", () => {
    expect(joinOutcome("closed", ["kmc.edu.np"], "asha@kmc.edu.np")).toBe("refused-closed");
    expect(joinOutcome("approval", [], "asha@gmail.com")).toBe("pending");
  });

  it("takes an address of a listed domain or one below it, in any case, and nothing else", () => {
    const domains = ["kmc.edu.np", "himal.com.np"];
    expect(joinOutcome("domain", domains, "Asha@KMC.edu.np")).toBe("active");
    expect(joinOutcome("domain", domains, "ram@cs.kmc.edu.np")).toBe("active");
    expect(joinOutcome("domain", domains, "ram@notkmc.edu.np")).toBe("refused-domain");
    expect(joinOutcome("domain", domains, "ram@kmc.edu.np.evil.com")).toBe("refused-domain");
    // no domain listed: nobody's address fits, as on a closed site
    expect(joinOutcome("domain", [], "ram@kmc.edu.np")).toBe("refused-closed");
  });

  it("reads domains as an institution lists them", () => {
    expect(emailDomainOf("Asha@KMC.edu.np")).toBe("kmc.edu.np");
    expect(["kmc.edu.np", "himal.com.np", "a.io"].every(isEmailDomain)).toBe(true);
    expect(["@kmc.edu.np", "kmc", "KMC.edu.np", "kmc..np", "-kmc.np", "kmc.edu.np/"].some(isEmailDomain)).toBe(false);
  });

  it("offers sign-up only where someone may register, and reads stored domains", () => {
    expect(takesSignUps("approval", [])).toBe(true);
    expect(takesSignUps("domain", ["kmc.edu.np"])).toBe(true);
    expect(takesSignUps("domain", [])).toBe(false);
    expect(takesSignUps("closed", ["kmc.edu.np"])).toBe(false);
    expect(joinDomainsOf('["kmc.edu.np"]')).toEqual(["kmc.edu.np"]);
    expect(joinDomainsOf("not json")).toEqual([]);
    expect(joinDomainsOf('{"a":1}')).toEqual([]);
  });
});
