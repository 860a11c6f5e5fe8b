import { Card, Skeleton, Space } from "antd";
import type { CSSProperties, ReactNode } from "react";
import "./components.css";

export interface AppCardProps {
  title?: ReactNode;
  icon?: ReactNode;
  /** Buttons or menus on the right of the title. */
  actions?: ReactNode;
  /** Shows a skeleton in place of the content. */
  loading?: boolean;
  skeletonRows?: number;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
}

/** A card with title, icon and actions, plus a skeleton loading state. */
export function AppCard({
  title,
  icon,
  actions,
  loading = false,
  skeletonRows = 3,
  children,
  className,
  style,
  bodyStyle,
}: AppCardProps) {
  const heading =
    title || icon ? (
      <Space size={10} align="center">
        {icon ? (
          <span className="csc-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span>{title}</span>
      </Space>
    ) : undefined;
  return (
    <Card
      title={heading}
      extra={actions}
      className={["csc-card", className].filter(Boolean).join(" ")}
      style={style}
      styles={bodyStyle ? { body: bodyStyle } : undefined}
      aria-busy={loading}
    >
      {loading ? <Skeleton active title={false} paragraph={{ rows: skeletonRows }} /> : children}
    </Card>
  );
}
