import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NearView } from "./NearView";

/** The browser's IntersectionObserver, as far as NearView uses it: the test says when the place comes near. */
class ObserverOfTest {
  static last: ObserverOfTest | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: Pick<IntersectionObserverEntry, "isIntersecting">[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    ObserverOfTest.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

const view = () =>
  render(
    <NearView placeholder={<p>waiting</p>}>
      <p>the chart</p>
    </NearView>,
  );

describe("NearView", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    ObserverOfTest.last = null;
  });

  it("keeps the placeholder until its place comes near the screen, then renders the children for good", () => {
    vi.stubGlobal("IntersectionObserver", ObserverOfTest);
    view();
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(screen.queryByText("the chart")).toBeNull();
    const observer = ObserverOfTest.last as ObserverOfTest;
    expect(observer.observed).toHaveLength(1);
    expect(observer.options.rootMargin).toMatch(/px/);

    act(() => observer.callback([{ isIntersecting: false }]));
    expect(screen.queryByText("the chart")).toBeNull();
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(screen.getByText("the chart")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();
    expect(observer.disconnected).toBe(true);
  });

  it("renders the children at once where the browser has no IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    view();
    expect(screen.getByText("the chart")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();
  });
});
