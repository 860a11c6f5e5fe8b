import { act, render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../../test/render";
import { AppearanceProvider } from "./AppearanceProvider";
import { appearanceForSite } from "./appearance";
import { REDUCED_MOTION_QUERY } from "./reduced-motion";

/**
 * Someone whose system asks for less motion gets none of antd's zooms, slides and fades (WCAG
 * 2.3.3): the provider turns antd's `motion` token off while the setting is on, and follows it
 * when it changes.
 */

/** A media query list whose "reduce motion" answer the test sets, telling its listeners. */
function reducedMotionSetting(initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initially,
    media: REDUCED_MOTION_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    expect(query).toBe(REDUCED_MOTION_QUERY);
    return list as unknown as MediaQueryList;
  });
  return {
    set(matches: boolean) {
      list.matches = matches;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{token.motion ? "moves" : "still"}</output>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AppearanceProvider and reduced motion", () => {
  it("turns antd's motion off while the system asks for less, and on again when it stops asking", async () => {
    await setLanguage("en-US");
    const setting = reducedMotionSetting(true);
    const { unmount } = render(
      <AppearanceProvider initial={appearanceForSite("provider")}>
        <Motion />
      </AppearanceProvider>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("still");
    act(() => setting.set(false));
    expect(screen.getByTestId("motion").textContent).toBe("moves");
    act(() => setting.set(true));
    expect(screen.getByTestId("motion").textContent).toBe("still");
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it("keeps antd's motion for everyone else", async () => {
    await setLanguage("en-US");
    reducedMotionSetting(false);
    render(
      <AppearanceProvider initial={appearanceForSite("provider")}>
        <Motion />
      </AppearanceProvider>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("moves");
  });
});
