import type { MenuItem } from "@csc/shared";
import { Menu, type MenuProps, Tooltip } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMenuRoute } from "../routes/MenuRouteContext";
import { MENU_ICONS } from "./menu-icons";

type Items = NonNullable<MenuProps["items"]>;

function parentOf(menu: readonly MenuItem[], name: string): string | undefined {
  return menu.find((item) => item.children?.some((child) => child.name === name))?.name;
}

/** The sidebar menu, exactly as the server sent it: groups, disabled entries and their tooltips. */
export function SideMenu({
  menu,
  theme,
  onNavigate,
}: {
  menu: MenuItem[];
  theme: "dark" | "light";
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const selected = useMenuRoute().entry?.name;
  const parent = selected ? parentOf(menu, selected) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(parent ? [parent] : []);

  useEffect(() => {
    if (parent) setOpenKeys((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
  }, [parent]);

  const items = useMemo(() => {
    const build = (entries: readonly MenuItem[]): Items =>
      entries.map((item) => {
        const label = t(`menu.${item.labelKey}`, { defaultValue: item.label });
        const data = { "data-menu-name": item.name, "data-disabled": item.disabled ? "true" : "false" };
        if (item.children) {
          return { key: item.name, icon: MENU_ICONS[item.name], label, children: build(item.children), ...data };
        }
        if (item.disabled || !item.path) {
          const tooltip = item.tooltipKey ? t(item.tooltipKey, { defaultValue: item.tooltip }) : item.tooltip;
          return {
            key: item.name,
            icon: MENU_ICONS[item.name],
            disabled: true,
            label: tooltip ? (
              <Tooltip title={tooltip} placement="right">
                <span className="csc-menu__disabled" data-menu-label="">
                  {label}
                </span>
              </Tooltip>
            ) : (
              <span data-menu-label="">{label}</span>
            ),
            ...data,
          };
        }
        return {
          key: item.name,
          icon: MENU_ICONS[item.name],
          label: (
            <Link to={item.path} onClick={onNavigate} data-menu-label="">
              {label}
            </Link>
          ),
          ...data,
        };
      });
    return build(menu);
  }, [menu, t, onNavigate]);

  return (
    <nav aria-label={t("layout.mainMenu")}>
      <Menu
        mode="inline"
        theme={theme}
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        forceSubMenuRender
        className="csc-menu"
        data-testid="side-menu"
      />
    </nav>
  );
}
