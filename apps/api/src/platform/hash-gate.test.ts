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

  it("lets no key hold more than its share of the places: a flood from one address is turned away at once", async () => {
    const gate = createHashGate(2, 16);
    const blocker = deferred();
    const flood = Array.from({ length: 24 }, () => gate.run(() => blocker.promise, ["ip:flooder"]).then(() => "ran"));
    const settled = await Promise.allSettled(flood.slice(5));
    expect(settled.every((result) => result.status === "rejected" && result.reason instanceof HashGateBusy)).toBe(true);
    // one of the flood's five places (a quarter of 18) runs, the other hashing place stays free for somebody else
    expect(gate.load()).toEqual({ running: 1, waiting: 4 });
    expect(await gate.run(async () => "other", ["ip:someone"])).toBe("other");
    blocker.resolve();
    expect(await Promise.all(flood.slice(0, 5))).toEqual(["ran", "ran", "ran", "ran", "ran"]);
  });

  it("gives a freed place to the waiter whose keys hold least, ahead of a flood that came first", async () => {
    const gate = createHashGate(2, 16);
    const blocker = deferred();
    const order: string[] = [];
    const runAs = (name: string, keys: string[], until: Promise<void>) =>
      gate.run(async () => {
        order.push(name);
        await until;
      }, keys);
    // four flooding addresses, three sign-ins each: both hashing places run, ten wait
    const floods = Array.from({ length: 12 }, (_, n) => runAs(`flood-${n % 4}`, [`ip:${n % 4}`], blocker.promise));
    await Promise.resolve();
    expect(order).toEqual(["flood-0", "flood-1"]);
    expect(gate.load()).toEqual({ running: 2, waiting: 10 });
    const first = deferred();
    const person = runAs("person", ["ip:home", "device:browser"], first.promise);
    // the first hash to end hands its place to the person, not to the flood that waited longer
    const early = runAs("early", [], Promise.resolve());
    expect(gate.load().waiting).toBe(12);
    blocker.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order.slice(2, 3)).toEqual(["person"]);
    first.resolve();
    await Promise.all([...floods, person, early]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("makes room in a full queue for a newcomer at the cost of the heaviest waiter", async () => {
    const gate = createHashGate(2, 6, 4);
    const blocker = deferred();
    // three flooding addresses fill both hashing places and the whole queue
    const flood = Array.from({ length: 8 }, (_, n) => gate.run(() => blocker.promise, [`ip:${n % 3}`]));
    await Promise.resolve();
    expect(gate.load()).toEqual({ running: 2, waiting: 6 });
    // another flooder of the same weight is refused; a person is let in, and a flood waiter goes
    await expect(gate.run(async () => "late", ["ip:1"])).rejects.toBeInstanceOf(HashGateBusy);
    const person = gate.run(async () => "person", ["ip:home"]);
    const outcomes = await Promise.race([
      Promise.allSettled(flood).then(() => "all settled"),
      new Promise((resolve) => setTimeout(() => resolve("waiting"), 10)),
    ]);
    expect(outcomes).toBe("waiting");
    expect(gate.load()).toEqual({ running: 2, waiting: 6 });
    blocker.resolve();
    const settled = await Promise.allSettled(flood);
    expect(settled.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(await person).toBe("person");
  });
});
