import { Typography } from "antd";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./useDocumentTitle";
import "./components.css";

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right. */
  extra?: ReactNode;
  /** A back link above the title. */
  back?: ReactNode;
}

/** The top of every page: its title (also the tab title), a line under it, and actions. */
export function PageHeader({ title, subtitle, extra, back }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="csc-page-header">
      {back ? <div className="csc-page-header__back">{back}</div> : null}
      <div className="csc-page-header__row">
        <div>
          <Typography.Title level={2} className="csc-page-header__title">
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
        {extra ? <div className="csc-page-header__extra">{extra}</div> : null}
      </div>
    </header>
  );
}
