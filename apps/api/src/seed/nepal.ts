/**
 * Nepal location hierarchy (7 provinces, 77 districts, 753 local levels) for the seed.
 *
 * Source: the npm package `states-nepal` (MIT), which carries English and Nepali data for
 * provinces, districts, local levels ("municipalities") and the four local-level categories.
 * Its ids are already sequential nationwide (1..7, 1..77, 1..753) and are kept as is.
 *
 * The package data predates a few renames and has some defects, corrected here (DESIGN §4):
 * - provinces carry their current names (the package still has "Province No. 1/2" and
 *   "Sudur Paschimanchal");
 * - the two Nawalparasi districts ("Nawalpur"/"Parasi" in the package) and the two Rukum
 *   districts get their official, distinct names;
 * - misspelled, garbled or inconsistently cased names are fixed from a reviewed table, every
 *   fix guarded by the package's original value so a data change upstream fails loudly;
 * - zero-width joiners are stripped from Nepali names and whitespace is normalised;
 * - every local level gets its type suffix in English and in Nepali.
 *
 * Import note: the package has no "exports" map; its "module" build is not valid ESM (it
 * uses `__dirname`), so the CommonJS build is loaded through `createRequire`, which Node,
 * tsx and vitest all resolve to "main".
 */
import { createRequire } from "node:module";
import type * as StatesNepal from "states-nepal";

export interface ProvinceRow {
  id: number;
  name: string;
  name_np: string;
}

export interface DistrictRow {
  id: number;
  province_id: number;
  name: string;
  name_np: string;
}

export type MunicipalityCategory = "metropolitan" | "sub-metropolitan" | "municipality" | "rural-municipality";

export interface MunicipalityRow {
  id: number;
  district_id: number;
  name: string;
  name_np: string;
  category: MunicipalityCategory;
}

export interface NepalHierarchy {
  provinces: ProvinceRow[];
  districts: DistrictRow[];
  municipalities: MunicipalityRow[];
}

/** Local-level categories, keyed by the package's category `short_code`. */
export const MUNICIPALITY_CATEGORIES: Readonly<
  Record<string, { category: MunicipalityCategory; suffix: string; suffix_np: string }>
> = {
  MC: { category: "metropolitan", suffix: "Metropolitan City", suffix_np: "महानगरपालिका" },
  SMC: { category: "sub-metropolitan", suffix: "Sub-Metropolitan City", suffix_np: "उपमहानगरपालिका" },
  M: { category: "municipality", suffix: "Municipality", suffix_np: "नगरपालिका" },
  RM: { category: "rural-municipality", suffix: "Rural Municipality", suffix_np: "गाउँपालिका" },
};

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

/** Current province names, keyed by package id, guarded by the package's English name. */
const PROVINCES: Readonly<Record<number, { from: string; name: string; name_np: string }>> = {
  1: { from: "Province No. 1", name: "Koshi", name_np: "कोशी" },
  2: { from: "Province No. 2", name: "Madhesh", name_np: "मधेश" },
  3: { from: "Bagmati", name: "Bagmati", name_np: "बागमती" },
  4: { from: "Gandaki", name: "Gandaki", name_np: "गण्डकी" },
  5: { from: "Lumbini", name: "Lumbini", name_np: "लुम्बिनी" },
  6: { from: "Karnali", name: "Karnali", name_np: "कर्णाली" },
  7: { from: "Sudur Paschimanchal", name: "Sudurpashchim", name_np: "सुदूरपश्चिम" },
};

interface Fix {
  /** the package's English name, checked so an upstream change cannot be silently overwritten */
  from: string;
  name?: string;
  name_np?: string;
}

const DISTRICT_FIXES: Readonly<Record<number, Fix>> = {
  5: { from: "Khotang", name_np: "खोटाङ" },
  6: { from: "Morang", name_np: "मोरङ" },
  7: { from: "Okhaldhunga", name_np: "ओखलढुङ्गा" },
  8: { from: "Pachthar", name: "Panchthar", name_np: "पाँचथर" },
  12: { from: "Taplejung", name_np: "ताप्लेजुङ" },
  25: { from: "Dhading", name_np: "धादिङ" },
  27: { from: "Kathmandu", name_np: "काठमाडौं" },
  28: { from: "Kavrepalanchok", name_np: "काभ्रेपलाञ्चोक" },
  32: { from: "Ramechap", name: "Ramechhap" },
  43: { from: "Nawalpur", name: "Nawalparasi (Bardaghat Susta East)", name_np: "नवलपरासी (बर्दघाट सुस्ता पूर्व)" },
  44: { from: "Parwat", name: "Parbat" },
  45: { from: "Syangja", name_np: "स्याङ्जा" },
  48: { from: "Parasi", name: "Nawalparasi (Bardaghat Susta West)", name_np: "नवलपरासी (बर्दघाट सुस्ता पश्चिम)" },
  56: { from: "Eastern Rukum", name: "Rukum East", name_np: "रुकुम पूर्व" },
  59: { from: "Western Rukum", name: "Rukum West", name_np: "रुकुम पश्चिम" },
  74: { from: "Acham", name: "Achham" },
};

/** Names without their type suffix; the suffix is added afterwards. */
const MUNICIPALITY_FIXES: Readonly<Record<number, Fix>> = {
  18: { from: "Ilam", name_np: "इलाम" },
  41: { from: "Haldibari", name_np: "हल्दीबारी" },
  62: { from: "Budi Ganga", name: "Budhiganga" },
  69: { from: "Siddhicharan", name_np: "सिद्धिचरण" },
  94: { from: "BhotKhola", name: "Bhotkhola" },
  99: { from: "Maha Kulung", name: "Mahakulung" },
  101: { from: "Khumbu PasangLhamu", name: "Khumbu Pasanglhamu", name_np: "खुम्बु पासाङल्हामु" },
  103: { from: "BarahaKshetra", name: "Barahakshetra" },
  104: { from: "Inaruwa", name_np: "इनरुवा" },
  107: { from: "Itahari", name_np: "इटहरी" },
  173: { from: "Guruda", name: "Garuda" },
  193: { from: "Ishowrpur", name: "Ishworpur" },
  198: { from: "Bisnu", name: "Bishnu" },
  220: { from: "SakhuwanankarKatti", name: "Sakhuwanankarkatti" },
  233: { from: "MithilaBihari", name: "Mithila Bihari" },
  237: { from: "Mukhiyapatti Musharniya", name_np: "मुखियापट्टी मुसहरनिया" },
  239: { from: "Aaurahi", name: "Aurahi" },
  250: { from: "Agnisaira Krishnasavaran", name: "Agnisair Krishnasavaran", name_np: "अग्निसाइर कृष्णासवरन" },
  259: { from: "Aaurahi", name: "Aurahi" },
  264: { from: "Jaleshor", name: "Jaleshwar" },
  298: { from: "Bhimeswor", name: "Bhimeshwar" },
  304: { from: "Baiteshowr", name: "Baiteshwar" },
  307: { from: "Kathmandu", name_np: "काठमाडौं" },
  310: { from: "Kageshwari-Manohara", name: "Kageshwari Manohara" },
  316: { from: "Budhalikantha", name: "Budhanilkantha" },
  344: { from: "Bagmati", name_np: "बागमती" },
  358: { from: "Myagang", name_np: "म्यागङ" },
  365: { from: "LikhuTamakoshi", name: "Likhu Tamakoshi" },
  370: { from: "Parbatikunda", name: "Aamachhodingmo" },
  381: { from: "Chautara Sangachowkgadi", name: "Chautara Sangachokgadhi" },
  386: { from: "Indrawati", name_np: "इन्द्रावती" },
  388: { from: "Panchpokhari", name: "Panchpokhari Thangpal" },
  390: { from: "Lisankhu", name: "Lisankhu Pakhar" },
  398: { from: "Khathekhola", name: "Kathekhola" },
  405: { from: "Sulikot", name: "Barpak Sulikot" },
  406: { from: "Siranchowk", name: "Siranchok" },
  421: { from: "Rainas", name_np: "राइनास" },
  425: { from: "Kwhlosothar", name: "Kwholasothar" },
  429: { from: "NarpaBhumi", name: "Narpa Bhumi" },
  433: { from: "Barhagaun Muktichhetra", name_np: "बारागुङ मुक्तिक्षेत्र" },
  437: { from: "Annapurna", name_np: "अन्नपूर्ण" },
  445: { from: "Madhya Bindu", name: "Madhyabindu" },
  448: { from: "Binayi Tribeni", name: "Binayi Triveni" },
  460: { from: "Bheerkot", name: "Bhirkot" },
  471: { from: "Suklagandaki", name: "Shuklagandaki" },
  472: { from: "AnbuKhaireni", name: "Anbukhaireni" },
  510: { from: "Suddodhan", name: "Shuddhodhan" },
  526: { from: "Isma", name_np: "इस्मा" },
  532: { from: "Ripdikot", name: "Ribdikot" },
  538: { from: "Tinahu", name: "Tinau" },
  549: { from: "Sworgadwari", name: "Swargadwari" },
  553: { from: "Ayirawati", name: "Airawati" },
  559: { from: "Runtigadi", name: "Runtigadhi" },
  561: { from: "Sunil Smiriti", name: "Sunil Smriti" },
  566: { from: "GangaDev", name: "Gangadev" },
  573: { from: "Rapti-Sonari", name: "Rapti Sonari" },
  590: { from: "SaniBheri", name: "Sani Bheri" },
  601: { from: "Shaarda", name: "Sharada" },
  621: { from: "Kanaka Sundari", name: "Kanakasundari" },
  673: { from: "Vyans", name: "Byans" },
  696: { from: "Dashrathchanda", name: "Dasharathchand" },
  701: { from: "Dilashaini", name: "Dilasaini" },
  710: { from: "K.I.Singh", name: "K.I. Singh", name_np: "के.आई.सिंह" },
  713: { from: "Bogatan-Phudsil", name: "Bogatan Phudsil" },
  733: { from: "Punarbas", name_np: "पुनर्वास" },
  735: { from: "Mahakali", name_np: "महाकाली" },
};

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
