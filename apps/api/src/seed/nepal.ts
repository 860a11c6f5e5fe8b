/**
 * Nepal location hierarchy (7 provinces, 77 districts, 753 local levels) for the seed.
 *
 * Source: the npm package `states-nepal` (MIT), which carries English and Nepali data for
 * provinces, districts, local levels ("municipalities") and the four local-level categories.
 * Its ids are already sequential nationwide (1..7, 1..77, 1..753) and are kept as is.
 *
 * The package data predates a few renames and has some defects, corrected here:
 * - provinces carry their current names (the package still has "Province No. 1/2" and
 *   "Sudur Paschimanchal");
 * - the two Nawalparasi districts ("Nawalpur"/"Parasi" in the package) and the two Rukum
 *   districts get their official, distinct names;
 * - misspelled, garbled or inconsistently cased names are fixed from a reviewed table
 *   (seeds/nepal.json), every fix guarded by the package's original value so a data change
 *   upstream fails loudly;
 * - zero-width joiners are stripped from Nepali names and whitespace is normalised;
 * - every local level gets its type suffix in English and in Nepali.
 *
 * Import note: the package has no "exports" map; its "module" build is not valid ESM (it
 * uses `__dirname`), so the CommonJS build is loaded through `createRequire`, which Node,
 * tsx and vitest all resolve to "main".
 */
import { createRequire } from "node:module";
import type * as StatesNepal from "states-nepal";
import { type Static, Type } from "typebox";
import { loadSeedFile, strictObject } from "./seed-files.js";

interface ProvinceRow {
  id: number;
  name: string;
  name_np: string;
}

interface DistrictRow {
  id: number;
  province_id: number;
  name: string;
  name_np: string;
}

type MunicipalityCategory = (typeof MUNICIPALITY_CATEGORY_VALUES)[number];

interface MunicipalityRow {
  id: number;
  district_id: number;
  name: string;
  name_np: string;
  category: MunicipalityCategory;
}

interface NepalHierarchy {
  provinces: ProvinceRow[];
  districts: DistrictRow[];
  municipalities: MunicipalityRow[];
}

/** Suffixes a name may already carry (longest first, so "Rural Municipality" wins over "Municipality"). */
const KNOWN_SUFFIXES_EN = [
  "Sub-Metropolitan City",
  "Metropolitan City",
  "Rural Municipality",
  "Municipality",
  "Gaun Palika",
  "Gaunpalika",
  "Nagar Palika",
  "Nagarpalika",
];
const KNOWN_SUFFIXES_NP = ["उपमहानगरपालिका", "महानगरपालिका", "गाउँपालिका", "गाउपालिका", "नगरपालिका"];

const MUNICIPALITY_CATEGORY_VALUES = [
  "metropolitan",
  "sub-metropolitan",
  "municipality",
  "rural-municipality",
] as const;

/** A correction, guarded by the package's English name so an upstream change cannot be silently overwritten. */
const Fix = strictObject({
  from: Type.String(),
  name: Type.Optional(Type.String()),
  name_np: Type.Optional(Type.String()),
});
type Fix = Static<typeof Fix>;

const NepalCorrections = strictObject({
  /** Current province names, keyed by package id. */
  provinces: Type.Record(
    Type.Integer(),
    strictObject({ from: Type.String(), name: Type.String(), name_np: Type.String() }),
  ),
  districtFixes: Type.Record(Type.Integer(), Fix),
  /** Names without their type suffix; the suffix is added afterwards. */
  municipalityFixes: Type.Record(Type.Integer(), Fix),
  /** Local-level categories, keyed by the package's category `short_code`. */
  categories: Type.Record(
    Type.String(),
    strictObject({
      category: Type.Enum(MUNICIPALITY_CATEGORY_VALUES),
      suffix: Type.String(),
      suffix_np: Type.String(),
    }),
  ),
});

const corrections = loadSeedFile("nepal.json", NepalCorrections);
const PROVINCES = corrections.provinces;
const DISTRICT_FIXES = corrections.districtFixes;
const MUNICIPALITY_FIXES = corrections.municipalityFixes;
export const MUNICIPALITY_CATEGORIES = corrections.categories;

const EXPECTED = { provinces: 7, districts: 77, municipalities: 753 } as const;

/** Collapse whitespace, trim, and drop zero-width (non-)joiners and BOMs. */
function clean(s: string): string {
  return s
    .replace(/[\u200B-\u200D\uFEFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function stripSuffix(name: string, suffixes: readonly string[]): string {
  for (const suffix of suffixes) {
    if (name.toLowerCase().endsWith(suffix.toLowerCase())) return name.slice(0, name.length - suffix.length).trim();
  }
  return name;
}

function applyFix(kind: string, id: number, en: string, np: string, fix: Fix | undefined): [string, string] {
  if (!fix) return [en, np];
  if (fix.from !== en) {
    throw new Error(`states-nepal: ${kind} ${id} is "${en}", expected "${fix.from}" (data changed upstream?)`);
  }
  return [fix.name ?? en, fix.name_np ?? np];
}

/** Pair English and Nepali records by id; both lists must carry the same ids. */
function byId<T extends { id: number }>(kind: string, en: readonly T[], np: readonly T[]): Array<[T, T]> {
  const npById = new Map(np.map((r) => [r.id, r]));
  if (npById.size !== en.length) throw new Error(`states-nepal: ${kind} en/np lists differ in size`);
  return en.map((r) => {
    const n = npById.get(r.id);
    if (!n) throw new Error(`states-nepal: ${kind} ${r.id} has no Nepali record`);
    return [r, n];
  });
}

function assertSequential(kind: string, ids: readonly number[], expected: number): void {
  if (ids.length !== expected || ids.some((id, i) => id !== i + 1)) {
    throw new Error(`states-nepal: expected ${expected} ${kind} with ids 1..${expected}`);
  }
}

function build(): NepalHierarchy {
  const require = createRequire(import.meta.url);
  const { Category, District, Municipality, Province } = require("states-nepal") as typeof StatesNepal;

  const provinces: ProvinceRow[] = byId(
    "province",
    new Province("en").allProvinces(),
    new Province("np").allProvinces(),
  ).map(([en]) => {
    const fix = PROVINCES[en.id];
    if (!fix || fix.from !== clean(en.name)) {
      throw new Error(`states-nepal: unexpected province ${en.id} "${en.name}"`);
    }
    return { id: en.id, name: fix.name, name_np: fix.name_np };
  });

  const districts: DistrictRow[] = byId(
    "district",
    new District("en").allDistricts(),
    new District("np").allDistricts(),
  ).map(([en, np]) => {
    if (en.province_id !== np.province_id) throw new Error(`states-nepal: district ${en.id} province mismatch`);
    const [name, name_np] = applyFix("district", en.id, clean(en.name), clean(np.name), DISTRICT_FIXES[en.id]);
    return { id: en.id, province_id: en.province_id, name, name_np };
  });

  const codeByCategoryId = new Map(new Category("en").allCategories().map((c) => [c.id, c.short_code]));

  const municipalities: MunicipalityRow[] = byId(
    "municipality",
    new Municipality("en").allMunicipalities(),
    new Municipality("np").allMunicipalities(),
  ).map(([en, np]) => {
    if (en.district_id !== np.district_id || en.category_id !== np.category_id) {
      throw new Error(`states-nepal: municipality ${en.id} en/np mismatch`);
    }
    const type = MUNICIPALITY_CATEGORIES[codeByCategoryId.get(en.category_id) ?? ""];
    if (!type) throw new Error(`states-nepal: municipality ${en.id} has unknown category ${en.category_id}`);
    const [base, base_np] = applyFix("municipality", en.id, clean(en.name), clean(np.name), MUNICIPALITY_FIXES[en.id]);
    return {
      id: en.id,
      district_id: en.district_id,
      name: `${stripSuffix(base, KNOWN_SUFFIXES_EN)} ${type.suffix}`,
      name_np: `${stripSuffix(base_np, KNOWN_SUFFIXES_NP)} ${type.suffix_np}`,
      category: type.category,
    };
  });

  assertSequential(
    "provinces",
    provinces.map((p) => p.id),
    EXPECTED.provinces,
  );
  assertSequential(
    "districts",
    districts.map((d) => d.id),
    EXPECTED.districts,
  );
  assertSequential(
    "municipalities",
    municipalities.map((m) => m.id),
    EXPECTED.municipalities,
  );
  const provinceIds = new Set(provinces.map((p) => p.id));
  const districtIds = new Set(districts.map((d) => d.id));
  for (const d of districts) {
    if (!provinceIds.has(d.province_id)) throw new Error(`district ${d.id}: unknown province ${d.province_id}`);
  }
  for (const m of municipalities) {
    if (!districtIds.has(m.district_id)) throw new Error(`municipality ${m.id}: unknown district ${m.district_id}`);
  }

  return { provinces, districts, municipalities };
}

let cache: NepalHierarchy | undefined;

/**
 * The corrected Nepal hierarchy. Deterministic; the package data is read and corrected once per
 * process, and each call returns fresh row objects so callers may mutate them freely.
 */
export function nepalHierarchy(): NepalHierarchy {
  cache ??= build();
  return {
    provinces: cache.provinces.map((p) => ({ ...p })),
    districts: cache.districts.map((d) => ({ ...d })),
    municipalities: cache.municipalities.map((m) => ({ ...m })),
  };
}
