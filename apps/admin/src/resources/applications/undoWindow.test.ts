import { describe, expect, it } from "vitest";
import { undoSeconds } from "./undoWindow";

describe("how long the Undo is offered", () => {
  const now = Date.parse("2026-11-27T10:00:00.000Z");

  it("is the server's window in whole seconds, on the server's clock", () => {
    expect(undoSeconds("2026-11-27T10:00:15.000Z", now)).toBe(15);
    expect(undoSeconds("2026-11-27T10:00:15.900Z", now)).toBe(15);
  });

  it("keeps a last second while any time is left, and nothing once it has passed", () => {
    expect(undoSeconds("2026-11-27T10:00:00.400Z", now)).toBe(1);
    expect(undoSeconds("2026-11-27T10:00:00.000Z", now)).toBe(0);
    expect(undoSeconds("2026-11-27T09:59:50.000Z", now)).toBe(0);
  });

  it("offers nothing for a time it cannot read", () => {
    expect(undoSeconds("", now)).toBe(0);
    expect(undoSeconds("soon", now)).toBe(0);
  });
});
