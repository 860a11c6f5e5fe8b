import { describe, expect, it } from "vitest";
import { skillsThatFit, type TagBox } from "./skillsFit";

/** Tags of `width` laid out left to right in a list `listWidth` wide, wrapping like the flex list does. */
function layout(widths: number[], listWidth: number, gap = 8): TagBox[] {
  let top = 0;
  let left = 0;
  return widths.map((width) => {
    if (left > 0 && left + width > listWidth) {
      top += 30;
      left = 0;
    }
    const box = { top, left, width };
    left += width + gap;
    return box;
  });
}

describe("how many skills show collapsed (two lines with +N more)", () => {
  it("shows every skill when they fit on two lines", () => {
    expect(skillsThatFit(layout([60, 60, 60, 60], 200), 2, 200, 70)).toBe(4);
  });

  it("stops at the end of the second line", () => {
    // 80px tags, 2 a line: [0,1], [2,3], [4,5]; a 20px "+N more" still fits after tag 3 (88 + 80 + 8 + 20 <= 200)
    expect(skillsThatFit(layout(Array(6).fill(80), 200), 2, 200, 20)).toBe(4);
    // a 40px one does not, so tag 3 gives way
    expect(skillsThatFit(layout(Array(6).fill(80), 200), 2, 200, 40)).toBe(3);
  });

  it("gives up the last tags of the second line to make room for +N more", () => {
    // 3 tags a line; after the sixth there is no room for the button; a 60px one fits after the fifth, a 100px one only after the fourth
    const boxes = layout(Array(9).fill(58), 200);
    expect(skillsThatFit(boxes, 2, 200, 60)).toBe(5);
    expect(skillsThatFit(boxes, 2, 200, 100)).toBe(4);
  });

  it("keeps at least one skill, and counts lines by their tops", () => {
    expect(skillsThatFit(layout([190, 190, 190], 200), 1, 200, 70)).toBe(1);
    expect(skillsThatFit([], 2, 200, 70)).toBe(0);
  });
});
