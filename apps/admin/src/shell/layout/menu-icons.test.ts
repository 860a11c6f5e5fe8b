import { MENU_NAMES, RESOURCE_NAMES, RESOURCES } from "@csc/shared";
import { isValidElement } from "react";
import { describe, expect, it } from "vitest";
import { MENU_ICONS, screenIcon } from "./menu-icons";

describe("menu and page icons", () => {
  it("draws an icon for every menu entry", () => {
    const missing = MENU_NAMES.filter((name) => !isValidElement(MENU_ICONS[name]));
    expect(missing).toEqual([]);
  });

  it("draws the icon of every resource that names one, with or without a menu entry", () => {
    const named = RESOURCE_NAMES.filter((name) => RESOURCES[name].icon !== undefined);
    expect(named).toContain("tutorials");
    expect(named.filter((name) => !isValidElement(screenIcon(name)))).toEqual([]);
  });
});
