import { MoreOutlined } from "@ant-design/icons";
import { Button, Dropdown, type MenuProps } from "antd";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { rememberMenuOpener } from "./focus-return";

export interface ActionMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Either a link … */
  to?: string;
  /** … or an action. */
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** The three-dot action menu; each item has a label, an icon, and a link or an action. */
export function ActionMenu({ items, label }: { items: ActionMenuItem[]; label?: string }) {
  const { t } = useTranslation();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu: MenuProps = {
    items: items.map((item) => ({
      key: item.key,
      icon: item.icon,
      danger: item.danger,
      disabled: item.disabled,
      label: item.to ? <Link to={item.to}>{item.label}</Link> : item.label,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const item = items.find((candidate) => candidate.key === key);
      // a dialog this item opens gives the focus back to this menu's button, not the vanished item
      if (item?.onClick) rememberMenuOpener(trigger.current);
      item?.onClick?.();
    },
  };
  return (
    <Dropdown menu={menu} trigger={["click"]} placement="bottomRight">
      <Button
        ref={trigger}
        type="text"
        shape="circle"
        icon={<MoreOutlined />}
        aria-label={label ?? t("actions.more")}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
