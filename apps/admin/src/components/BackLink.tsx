import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import "./components.css";

/** A back link; to a given page, or one step back in history. */
export function BackLink({ to, children }: { to?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const content = (
    <>
      <ArrowLeftOutlined aria-hidden="true" /> <span>{children ?? t("buttons.back")}</span>
    </>
  );
  if (to) {
    return (
      <Link className="csc-back-link" to={to}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className="csc-back-link" onClick={() => navigate(-1)}>
      {content}
    </button>
  );
}
