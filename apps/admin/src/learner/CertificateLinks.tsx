import { FilePdfOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "../shell/providers/i18n";
import { certificatePagePath, certificatePdfUrl } from "./certificateLinks";

/**
 * A certificate's two links on the learner's card: its public page (what anyone who holds the
 * code sees) and the printable PDF in the learner's language.
 */
export function CertificateLinks({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <span className="csc-certificate-links" data-testid="certificate-links">
      <Link
        to={certificatePagePath(code)}
        aria-label={t("learner:certificate.viewFor", { title })}
        data-testid="certificate-page-link"
      >
        <SafetyCertificateOutlined aria-hidden="true" /> {t("learner:certificate.view")}
      </Link>
      <a
        href={certificatePdfUrl(code, language)}
        target="_blank"
        rel="noopener"
        aria-label={t("learner:certificate.downloadFor", { title })}
        data-testid="certificate-pdf-link"
      >
        <FilePdfOutlined aria-hidden="true" /> {t("learner:certificate.download")}
      </a>
    </span>
  );
}
