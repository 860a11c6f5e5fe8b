import { Typography } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { claimPendingHeadingFocus } from "./focus-return";
import { useDocumentTitle } from "./useDocumentTitle";
import "./components.css";

interface PageHeaderProps {
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
  const heading = useRef<HTMLHeadingElement>(null);
  // after a save or a deletion that led here, the focus starts at the page's title
  useEffect(() => claimPendingHeadingFocus(heading.current), []);
  return (
    <header className="csc-page-header">
      {back ? <div className="csc-page-header__back">{back}</div> : null}
      <div className="csc-page-header__row">
        <div>
          <Typography.Title level={1} className="csc-page-header__title" ref={heading} tabIndex={-1} data-page-heading>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
        {extra ? <div className="csc-page-header__extra">{extra}</div> : null}
      </div>
    </header>
  );
}
