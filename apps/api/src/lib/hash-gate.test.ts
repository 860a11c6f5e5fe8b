import { describe, expect, it } from "vitest";
import { createHashGate, HashGateBusy } from "./hash-gate.js";

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe("the password-hashing gate", () => {
  it("runs at most `concurrency` at once, queues up to `queue`, and refuses the rest at once", async () => {
    const gate = createHashGate(2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = blockers.map((blocker, index) =>
      gate.run(async () => {
        started.push(index);
        await blocker.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run(async () => "late")).rejects.toBeInstanceOf(HashGateBusy);

    blockers[0]?.resolve();
    await runs[0];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2]);
    blockers[1]?.resolve();
    blockers[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its slot when the work fails", async () => {
    const gate = createHashGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
