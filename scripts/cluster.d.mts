// The types of scripts/cluster.mjs, for the TypeScript tests that start a cluster.

export declare const HEALTH_PATH: string;
/** The response header naming the process that answered through the balancer (`member1`…). */
export declare const MEMBER_HEADER: string;

export declare function processCpuMicros(pid: number): number;

export interface ClusterMember {
  /** `member1`, `member2`…: the balancer's name for it, sent back in MEMBER_HEADER. */
  readonly name: string;
  /** The current process's id (a restart makes a new one); null before the first start. */
  readonly pid: number | null;
  readonly port: number;
  /** `http://127.0.0.1:<port>`: the process itself, past the balancer. */
  readonly origin: string;
  readonly running: boolean;
  /** What the process wrote (every start appends). */
  readonly logFile: string;
  /** CPU used by this member's processes so far, killed ones included, in microseconds. */
  cpuMicros(): number;
  /** Sends `signal` (SIGTERM by default) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it if it runs, starts it on the same port; resolves once it is healthy and back in rotation. */
  restart(): Promise<void>;
}

export interface ClusterBalancer {
  readonly pid: number;
  cpuMicros(): number;
  /** Each member's state as HAProxy sees it: `{ member1: "UP", member2: "DOWN" }`. */
  states(): Promise<Record<string, string>>;
}

export interface Cluster {
  /** The balancer's origin; the only process's without a balancer. */
  readonly origin: string;
  readonly members: ClusterMember[];
  readonly balancer: ClusterBalancer | null;
  /** CPU the API processes have used (user and system), killed ones included, in microseconds. */
  cpuMicros(): number;
  /** Ends every process and the balancer and removes the cluster's files; safe to call twice. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  /** The processes' settings; DATABASE_URL is required, DATA_DIR and JWT_SECRET are made when missing. */
  env: Record<string, string | undefined> & { DATABASE_URL: string };
  balancer?: boolean;
  /** The balancer's port; a free one by default. */
  port?: number;
}

export declare function startCluster(options: ClusterOptions): Promise<Cluster>;
