// The types of tests/long/placement-day.mjs, for the long test that drives it.

export declare const PASSWORD: string;

export interface KindFigures {
  kind: string;
  requests: number;
  errors: number;
  "p50 ms": number;
  "p99 ms": number;
  statuses: string;
}

export interface PlacementDayResult {
  setup: string;
  people: number;
  seconds: number;
  requests: number;
  errors: number;
  kinds: KindFigures[];
  /** The failed answers by kind and what they said (the API's message, or the balancer's page). */
  failures: { kind: string; count: number; answer: string }[];
  acknowledged: { applies: number; withdrawals: number; changes: number };
  apiCpuSeconds: number;
  /** Requests answered per CPU-second of the API processes after warm-up. */
  requestsPerCpuSecond: number;
  requestsPerCpuSecondWholeRun: number;
  steady: { seconds: number; requests: number; apiCpuSeconds: number };
  balancerCpuSeconds: number;
  cores: number;
  generatorCpuSeconds: number;
  generatorShareOfCores: number;
  /**
   * Each process's memory report after warm-up and in the load's last seconds: resident memory and
   * the live heap after a full collection, in MiB (none in a run with kills).
   */
  memory: {
    afterWarmUp: MemoryReport[];
    atEnd: MemoryReport[];
  };
  killsDone: number;
  /** Seconds each restart after a SIGKILL took until the process was back in the balancer's rotation. */
  restartSeconds: number[];
  /** Mails delivered again under the same Message-ID (counted once by the mail checks). */
  mailRepeats: number;
  hashCost: number;
  loadAverage: string;
  /** What each check found wrong: empty lists when all is well. */
  problems: {
    acknowledged: string[];
    halfChanged: string[];
    dashboards: string[];
    mail: string[];
    memory: string[];
  };
}

export interface MemoryReport {
  name: string;
  rssMiB: number | null;
  heapUsedMiB: number | null;
}

export interface PlacementDayOptions {
  engine?: "sqlite" | "postgres";
  processes?: number;
  seconds?: number;
  warmUpSeconds?: number;
  kills?: number;
  mailbox?: { url: string; received: { to: string[]; text: string; raw: string }[] } | null;
  people?: { students: number; staff: number; recruiters: number };
  hashCost?: string | number;
  drainSeconds?: number;
  /** Everyone from 127.0.0.1, as a college behind one NAT address, instead of each from their own. */
  oneAddress?: boolean;
  /** A folder for the API processes' CPU profiles (`node --cpu-prof`), written when they stop. */
  profileDir?: string | null;
  log?: (line: string) => void;
}

export declare function runPlacementDay(options?: PlacementDayOptions): Promise<PlacementDayResult>;
export declare function printPlacementDay(results: PlacementDayResult[]): void;
