import { Typography } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import "./components.css";

/** Sets the browser tab's title to the page's, with the product name after it. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  const product = t("app.name");
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}

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
