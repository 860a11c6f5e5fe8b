import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MEMORY_REPORT_MESSAGE, MEMORY_REPORT_SIGNAL, reportMemoryOnSignal } from "../src/platform/memory-report.js";

/** A pino log kept at `warn`, as the placement-day load keeps it, whose lines are collected. */
function collectedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: "warn" }, stream), lines };
}

/** The first line of the log with `message`, once it is there (10 s at most). */
const lineSaying = (lines: Record<string, unknown>[], message: string) =>
  vi.waitFor(
    () => {
      const line = lines.find((l) => l.msg === message);
      if (!line) throw new Error(`no "${message}" line yet`);
      return line;
    },
    { timeout: 10_000, interval: 20 },
  );

describe("the memory report (kill -USR2 <pid>)", () => {
  let stop = () => {};
  afterEach(() => stop());

  it("is written whatever the log's level, after a full collection has freed the garbage", async () => {
    const { log, lines } = collectedLog();
    stop = reportMemoryOnSignal(log);
    // about 40 MiB that lives long enough to reach the old generation, then is dropped
    let garbage: { n: number; text: string }[] | null = Array.from({ length: 400_000 }, (_, n) => ({
      n,
      text: `row ${n}`.padEnd(40, "."),
    }));
    const heapWithGarbage = process.memoryUsage().heapUsed / 1024 / 1024;
    expect(garbage.length).toBe(400_000);
    garbage = null;

    process.kill(process.pid, MEMORY_REPORT_SIGNAL);
    const line = await lineSaying(lines, MEMORY_REPORT_MESSAGE);

    expect(line.level).toBe(30);
    const memory = line.memory as { rssMiB: number; heapUsedMiB: number; externalMiB: number };
    expect(memory.heapUsedMiB).toBeLessThan(heapWithGarbage - 20);
    expect(memory.rssMiB).toBeGreaterThan(memory.heapUsedMiB);
    expect(memory.externalMiB).toBeGreaterThanOrEqual(0);
  });

  it("stops listening when told", async () => {
    const { log, lines } = collectedLog();
    reportMemoryOnSignal(log)();
    // a listener of our own keeps the signal from ending the process
    const keep = () => {};
    process.on(MEMORY_REPORT_SIGNAL, keep);
    try {
      process.kill(process.pid, MEMORY_REPORT_SIGNAL);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(lines).toEqual([]);
    } finally {
      process.off(MEMORY_REPORT_SIGNAL, keep);
    }
  });
});
