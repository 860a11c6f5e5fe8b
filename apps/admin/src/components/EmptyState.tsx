import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Dropdown, Empty, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import "./components.css";

interface EmptyStateAction {
  label: ReactNode;
  icon?: ReactNode;
  /** A link inside the app … */
  to?: string;
  /** … or a function. */
  onClick?: () => void;
}

interface EmptyStateDropdownItem {
  key: string;
  label: ReactNode;
  to: string;
}

export interface EmptyStateProps {
  message?: ReactNode;
  description?: ReactNode;
  /** An optional button … */
  action?: EmptyStateAction;
  /** … or a dropdown button with links. */
  dropdown?: { label: ReactNode; items: EmptyStateDropdownItem[] };
  image?: ReactNode;
}

/** An empty-state block with a message and an optional button, function or dropdown. */
export function EmptyState({ message, description, action, dropdown, image }: EmptyStateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  let footer: ReactNode = null;
  if (action) {
    footer = action.to ? (
      <Link to={action.to}>
        <Button type="primary" icon={action.icon ?? <PlusOutlined />}>
          {action.label}
        </Button>
      </Link>
    ) : (
      <Button type="primary" icon={action.icon ?? <PlusOutlined />} onClick={action.onClick}>
        {action.label}
      </Button>
    );
  } else if (dropdown) {
    const menu: MenuProps = {
      items: dropdown.items.map((item) => ({ key: item.key, label: item.label })),
      onClick: ({ key }) => {
        const target = dropdown.items.find((item) => item.key === key);
        if (target) navigate(target.to);
      },
    };
    footer = (
      <Dropdown menu={menu} trigger={["click"]}>
        <Button type="primary" icon={<PlusOutlined />}>
          {dropdown.label} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }
  return (
    <Empty
      className="csc-empty"
      image={image ?? Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div>
          <div className="csc-empty__message">{message ?? t("empty.message")}</div>
          {description ? <div className="csc-empty__description">{description}</div> : null}
        </div>
      }
    >
      {footer}
    </Empty>
  );
}

/** The dropdown: add a college or a company. `base` is the institutions list path. */
export function useAddInstitutionDropdown(base = "/admin/institutions"): EmptyStateProps["dropdown"] {
  const { t } = useTranslation();
  return {
    label: t("empty.addInstitution"),
    items: [
      { key: "college", label: t("empty.addInstitutionCollege"), to: `${base}/create?type=college` },
      { key: "company", label: t("empty.addInstitutionCompany"), to: `${base}/create?type=company` },
    ],
  };
}
