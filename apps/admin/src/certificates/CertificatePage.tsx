import { CheckCircleFilled, FilePdfOutlined } from "@ant-design/icons";
import type { VerifiedCertificate } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { formatDate } from "../engine/display/format";
import { certificatePdfUrl } from "../learner/certificateLinks";
import { PublicSiteHeader } from "../public-apply/PublicSiteHeader";
import { isApiError } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";
import { fetchCertificate } from "./publicCertificate";
import "../public-apply/public-apply.css";
import "./certificate.css";

const ITEM_KINDS = ["course", "enrichment-program", "career-roadmap", "learning-event"];

/** The facts of a genuine certificate, and its PDF in the page's language. */
function Verified({ certificate }: { certificate: VerifiedCertificate }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="csc-certificate" data-testid="certificate-verified" aria-labelledby="csc-certificate-verdict">
      <p className="csc-certificate__verdict" id="csc-certificate-verdict">
        <CheckCircleFilled aria-hidden="true" /> {t("learner:certificate.verified")}
      </p>
      <Descriptions column={1} colon={false} bordered size="middle" className="csc-certificate__facts">
        <Descriptions.Item label={t("learner:certificate.holder")}>
          <span data-testid="certificate-holder" className="csc-certificate__holder">
            {certificate.holder}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("learner:certificate.item")}>
          <span data-testid="certificate-title">{certificate.title ?? t("learner:certificate.untitled")}</span>
        </Descriptions.Item>
        {ITEM_KINDS.includes(certificate.item_type) ? (
          <Descriptions.Item label={t("learner:certificate.kind")}>
            {t(`learner:certificate.kinds.${certificate.item_type}`)}
          </Descriptions.Item>
        ) : null}
        {certificate.completed_at ? (
          <Descriptions.Item label={t("learner:certificate.completedAt")}>
            <span data-testid="certificate-completed-at">{formatDate(certificate.completed_at, language)}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t("learner:certificate.issuedBy")}>
          <span data-testid="certificate-issued-by">{certificate.issued_by}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("learner:certificate.code")}>
          <code data-testid="certificate-code">{certificate.code}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t("learner:certificate.verifyAt")}>
          <a href={certificate.verify_url} className="csc-certificate__url">
            {certificate.verify_url}
          </a>
        </Descriptions.Item>
      </Descriptions>
      <Button
        type="primary"
        size="large"
        icon={<FilePdfOutlined aria-hidden="true" />}
        href={certificatePdfUrl(certificate.code, language)}
        target="_blank"
        rel="noopener"
        className="csc-certificate__download"
        data-testid="certificate-pdf-link"
      >
        {t("learner:certificate.download")}
      </Button>
    </section>
  );
}

/**
 * The public certificate page: `/certificates/{code}` on the issuing
 * site, for anyone holding the code, signed in or not — who completed what, when, and who issued
 * it, with the printable PDF; or plainly that the code is unknown. Light, in the site's colours,
 * as the public apply pages.
 */
export default function CertificatePage() {
  const { t } = useTranslation();
  const { code = "" } = useParams();
  const title = t("learner:certificate.pageTitle");
  useDocumentTitle(title);
  const certificate = useQuery({
    queryKey: ["public-certificate", code],
    queryFn: () => fetchCertificate(code),
    retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2,
  });
  const unknown = isApiError(certificate.error) && certificate.error.statusCode === 404;

  let content: React.ReactNode;
  if (certificate.data) {
    content = <Verified certificate={certificate.data} />;
  } else if (unknown) {
    content = (
      <div data-testid="certificate-unknown">
        <Result
          status="warning"
          title={<h2 className="csc-certificate__unknown">{t("learner:certificate.unknownTitle")}</h2>}
          subTitle={
            <>
              <span className="csc-certificate__asked">
                {t("learner:certificate.code")}: <code>{code}</code>
              </span>
              <br />
              {t("learner:certificate.unknownBody")}
            </>
          }
        />
      </div>
    );
  } else if (certificate.isError) {
    content = (
      <div data-testid="resource-error">
        <Result
          status="warning"
          title={t("learner:certificate.loadFailed")}
          extra={<Button onClick={() => void certificate.refetch()}>{t("buttons.retry")}</Button>}
        />
      </div>
    );
  } else {
    content = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  }

  return (
    <div className="csc-public-apply" data-testid="certificate-page">
      <PublicSiteHeader />
      <main className="csc-public-apply__main csc-certificate-page">
        <h1 className="csc-public-apply__title">{title}</h1>
        {content}
      </main>
    </div>
  );
}
