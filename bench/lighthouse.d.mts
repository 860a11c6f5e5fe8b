/** Types of bench/lighthouse.mjs for the end-to-end test that keeps its goals. */
export interface LighthousePage {
  name: string;
  account?: string;
  path: (ids: { busiestPosting: number }) => string;
  ready: string;
}

export interface LighthouseRow {
  page: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  firstLoadMs: number | null;
  /** Accessibility, best-practice and SEO audits that did not pass in some run. */
  shortfalls: string[];
  opportunities: string[];
}

export interface LighthouseResult {
  runs: number;
  configs: Partial<Record<"mobile" | "desktop", LighthouseRow[]>>;
  loadAverage: { min: number; max: number };
}

export const TARGETS: { performance: number; accessibility: number; bestPractices: number };
export const PAGES: LighthousePage[];

export function lighthouseBench(options?: {
  runs?: number;
  configs?: ("mobile" | "desktop")[];
  adminDist?: string;
  root?: string;
  saveDir?: string | null;
  pages?: LighthousePage[];
  categories?: ("performance" | "accessibility" | "best-practices" | "seo")[];
  firstLoads?: boolean;
  log?: (...line: unknown[]) => void;
}): Promise<LighthouseResult>;

export function lighthouseTargets(rows: LighthouseRow[]): {
  performanceAtLeast90: boolean;
  accessibility100: boolean;
  bestPractices100: boolean;
  applyFirstLoadAtMostSignIn: boolean;
};

export function printLighthouse(result: LighthouseResult, log?: (...line: unknown[]) => void): void;
