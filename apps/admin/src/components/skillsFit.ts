/** Where one rendered tag sits in the list: its top, left edge and width, in pixels. */
export interface TagBox {
  top: number;
  left: number;
  width: number;
}

/**
 * How many skills to show collapsed (two lines): those on the first `lines` lines,
 * less as many as it takes to leave room for the "+N more" button after the last one. All of
 * them when they fit on `lines` lines; never fewer than one.
 */
export function skillsThatFit(boxes: TagBox[], lines: number, listWidth: number, moreWidth: number, gap = 8): number {
  const tops = [...new Set(boxes.map((box) => box.top))].sort((a, b) => a - b);
  if (tops.length <= lines) return boxes.length;
  const limit = tops[lines] ?? Number.POSITIVE_INFINITY;
  let visible = boxes.findIndex((box) => box.top >= limit);
  while (visible > 0) {
    const last = boxes[visible - 1];
    if (!last) break;
    const onLastLine = last.top === tops[lines - 1];
    if (!onLastLine || last.left + last.width + gap + moreWidth <= listWidth) break;
    visible -= 1;
  }
  return Math.max(visible, 1);
}
