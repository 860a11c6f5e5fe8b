import { describe, expect, it } from "vitest";
import { MUNICIPALITY_CATEGORIES, nepalHierarchy } from "./nepal.js";

const { provinces, districts, municipalities } = nepalHierarchy();
const allNames = [
  ...provinces.flatMap((p) => [p.name, p.name_np]),
  ...districts.flatMap((d) => [d.name, d.name_np]),
  ...municipalities.flatMap((m) => [m.name, m.name_np]),
];

const SUFFIXES_EN = ["Sub-Metropolitan City", "Metropolitan City", "Rural Municipality", "Municipality"];
const SUFFIXES_NP = ["उपमहानगरपालिका", "महानगरपालिका", "गाउँपालिका", "नगरपालिका"];
const EXPECTED_SUFFIX = {
  metropolitan: ["Metropolitan City", "महानगरपालिका"],
  "sub-metropolitan": ["Sub-Metropolitan City", "उपमहानगरपालिका"],
  municipality: ["Municipality", "नगरपालिका"],
  "rural-municipality": ["Rural Municipality", "गाउँपालिका"],
} as const;

function bracketsBalanced(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** Every word (split on spaces and hyphens, brackets ignored) is Capitalised, or an initialism like "K.I.". */
function isTitleCase(s: string): boolean {
  return s
    .replace(/[()]/g, "")
    .split(/[ -]/)
    .every((w) => /^[A-Z][a-z]*$/.test(w) || /^(?:[A-Z]\.)+$/.test(w));
}

/** Devanagari letters and marks, separated by single spaces, hyphens or dots, optional brackets; no Latin, no zero-width chars. */
const DEVANAGARI = /^[\u0900-\u097F().-]+(?: [\u0900-\u097F().-]+)*$/;

function districtNamed(name: string) {
  const d = districts.find((x) => x.name === name);
  if (!d) throw new Error(`no district ${name}`);
  return d;
}

describe("nepalHierarchy", () => {
  it("has 7 provinces, 77 districts and 753 local levels", () => {
    expect(provinces).toHaveLength(7);
    expect(districts).toHaveLength(77);
    expect(municipalities).toHaveLength(753);
  });

  it("numbers ids sequentially nationwide", () => {
    expect(provinces.map((p) => p.id)).toEqual(Array.from({ length: 7 }, (_, i) => i + 1));
    expect(districts.map((d) => d.id)).toEqual(Array.from({ length: 77 }, (_, i) => i + 1));
    expect(municipalities.map((m) => m.id)).toEqual(Array.from({ length: 753 }, (_, i) => i + 1));
  });

  it("keeps referential integrity and leaves no province or district empty", () => {
    const provinceIds = new Set(provinces.map((p) => p.id));
    const districtIds = new Set(districts.map((d) => d.id));
    for (const d of districts) expect(provinceIds.has(d.province_id), `district ${d.id}`).toBe(true);
    for (const m of municipalities) expect(districtIds.has(m.district_id), `municipality ${m.id}`).toBe(true);
    for (const p of provinces)
      expect(
        districts.some((d) => d.province_id === p.id),
        p.name,
      ).toBe(true);
    for (const d of districts)
      expect(
        municipalities.some((m) => m.district_id === d.id),
        d.name,
      ).toBe(true);
  });

  it("uses the current province names in English and Nepali", () => {
    expect(provinces).toEqual([
      { id: 1, name: "Koshi", name_np: "कोशी" },
      { id: 2, name: "Madhesh", name_np: "मधेश" },
      { id: 3, name: "Bagmati", name_np: "बागमती" },
      { id: 4, name: "Gandaki", name_np: "गण्डकी" },
      { id: 5, name: "Lumbini", name_np: "लुम्बिनी" },
      { id: 6, name: "Karnali", name_np: "कर्णाली" },
      { id: 7, name: "Sudurpashchim", name_np: "सुदूरपश्चिम" },
    ]);
  });

  it("has per-province district counts of 14/8/13/11/12/10/9", () => {
    const counts = provinces.map((p) => districts.filter((d) => d.province_id === p.id).length);
    expect(counts).toEqual([14, 8, 13, 11, 12, 10, 9]);
  });

  it("has no duplicate district names (one Dolpa, two distinct Nawalparasi and Rukum)", () => {
    for (const key of ["name", "name_np"] as const) {
      const names = districts.map((d) => d[key].toLowerCase());
      expect(new Set(names).size, key).toBe(names.length);
    }
    expect(districts.filter((d) => d.name === "Dolpa")).toHaveLength(1);
    expect(districtNamed("Nawalparasi (Bardaghat Susta East)").province_id).toBe(4);
    expect(districtNamed("Nawalparasi (Bardaghat Susta West)").province_id).toBe(5);
    expect(districtNamed("Rukum East").province_id).toBe(5);
    expect(districtNamed("Rukum West").province_id).toBe(6);
  });

  it("has no duplicate local-level names within a district", () => {
    for (const key of ["name", "name_np"] as const) {
      const keys = municipalities.map((m) => `${m.district_id}|${m[key].toLowerCase()}`);
      expect(new Set(keys).size, key).toBe(keys.length);
    }
  });

  it("balances brackets in every name", () => {
    expect(allNames.filter((n) => !bracketsBalanced(n))).toEqual([]);
  });

  it("has trimmed, single-spaced names", () => {
    expect(allNames.filter((n) => n !== n.trim() || /\s{2,}/.test(n) || n === "")).toEqual([]);
  });

  it("writes English names in Title Case", () => {
    const english = [...provinces, ...districts, ...municipalities].map((r) => r.name);
    expect(english.filter((n) => !isTitleCase(n))).toEqual([]);
  });

  it("writes Nepali names in Devanagari", () => {
    const nepali = [...provinces, ...districts, ...municipalities].map((r) => r.name_np);
    expect(nepali.filter((n) => !DEVANAGARI.test(n))).toEqual([]);
  });

  it("ends every local-level name with its type suffix in both languages, exactly once", () => {
    for (const m of municipalities) {
      const [en, np] = EXPECTED_SUFFIX[m.category];
      expect(m.name.endsWith(` ${en}`), m.name).toBe(true);
      expect(m.name_np.endsWith(` ${np}`), m.name_np).toBe(true);
      const baseEn = m.name.slice(0, -en.length - 1);
      const baseNp = m.name_np.slice(0, -np.length - 1);
      expect(
        SUFFIXES_EN.some((s) => baseEn.endsWith(s)),
        m.name,
      ).toBe(false);
      expect(
        SUFFIXES_NP.some((s) => baseNp.endsWith(s)),
        m.name_np,
      ).toBe(false);
    }
  });

  it("uses only the four known categories, with the official totals 6/11/276/460", () => {
    const known = new Set(Object.values(MUNICIPALITY_CATEGORIES).map((c) => c.category));
    for (const m of municipalities) expect(known.has(m.category), m.name).toBe(true);
    const count = (c: string) => municipalities.filter((m) => m.category === c).length;
    expect([
      count("metropolitan"),
      count("sub-metropolitan"),
      count("municipality"),
      count("rural-municipality"),
    ]).toEqual([6, 11, 276, 460]);
  });

  it("spot checks: Kathmandu, Pokhara", () => {
    const kathmandu = districtNamed("Kathmandu");
    expect(kathmandu.province_id).toBe(provinces.find((p) => p.name === "Bagmati")?.id);
    expect(kathmandu.name_np).toBe("काठमाडौं");

    const ktm = municipalities.find((m) => m.name === "Kathmandu Metropolitan City");
    expect(ktm).toMatchObject({ district_id: kathmandu.id, category: "metropolitan", name_np: "काठमाडौं महानगरपालिका" });

    const pokhara = municipalities.find((m) => m.name.startsWith("Pokhara "));
    expect(pokhara).toMatchObject({
      name: "Pokhara Metropolitan City",
      name_np: "पोखरा महानगरपालिका",
      category: "metropolitan",
      district_id: districtNamed("Kaski").id,
    });
    expect(districtNamed("Kaski").province_id).toBe(4);

    expect(municipalities.find((m) => m.name === "Budhanilkantha Municipality")?.district_id).toBe(kathmandu.id);
  });

  it("is deterministic and returns fresh rows on every call", () => {
    const a = nepalHierarchy();
    const b = nepalHierarchy();
    expect(b).toEqual(a);
    const first = a.municipalities[0];
    if (!first) throw new Error("empty");
    first.name = "changed";
    expect(nepalHierarchy().municipalities[0]?.name).not.toBe("changed");
  });
});
