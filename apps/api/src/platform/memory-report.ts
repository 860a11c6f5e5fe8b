import { Session } from "node:inspector/promises";
import type { FastifyBaseLogger } from "fastify";

/** The signal that asks a running process for its memory report: `kill -USR2 <pid>`. */
export const MEMORY_REPORT_SIGNAL = "SIGUSR2";
/** The message of the report's log line, which readers of the log look for. */
export const MEMORY_REPORT_MESSAGE = "memory report";

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * What the process holds once the garbage is gone: a full collection first, then resident memory
 * (the V8 heap and everything outside it: SQLite's page cache, buffers, the allocator's pages) and
 * the live heap, in MiB. A reading without the collection is mostly a matter of when V8 last
 * collected: under load it lets the old generation grow by tens of MiB of garbage before a full
 * collection, so two such readings cannot tell a leak from a collection not yet due.
 */
export async function memoryAfterCollection() {
  const session = new Session();
  session.connect();
  try {
    await session.post("HeapProfiler.collectGarbage");
  } finally {
    session.disconnect();
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssMiB: mib(rss), heapUsedMiB: mib(heapUsed), externalMiB: mib(external) };
}

/**
 * On MEMORY_REPORT_SIGNAL the process writes its memory after a full collection to its log, at
 * whatever level the log is kept (the operator asked for it). A signal that comes while a report is
 * being made is answered by that report. Only the process's owner (or root) can send the signal.
 * Answers a function that stops listening.
 */
export function reportMemoryOnSignal(log: FastifyBaseLogger): () => void {
  const report = log.child({}, { level: "info" });
  let making = false;
  const onSignal = () => {
    if (making) return;
    making = true;
    memoryAfterCollection()
      .then((memory) => report.info({ memory }, MEMORY_REPORT_MESSAGE))
      .catch((err) => report.error({ err }, MEMORY_REPORT_MESSAGE))
      .finally(() => {
        making = false;
      });
  };
  process.on(MEMORY_REPORT_SIGNAL, onSignal);
  return () => void process.off(MEMORY_REPORT_SIGNAL, onSignal);
}
