import { CheckCircleFilled, ExportOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { courseSiteUrl } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { Alert, Button, Progress, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "../engine/display/format";
import { isApiError } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";
import { useSite } from "../shell/tenant/SiteContext";
import { CertificateLinks } from "./CertificateLinks";
import { type Enrolment, enrolIn, type LearningItem, type LearningKind } from "./learning";

/**
 * The enrolment's progress bar, and once it is complete its badge with the certificate's code and
 * links to its public page and PDF (`title`: the item's, naming the links for screen readers).
 */
export function EnrolmentProgress({ enrolment, title }: { enrolment: Enrolment; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const progress = enrolment.completed_at ? 100 : Math.max(0, Math.min(100, Math.round(enrolment.progress)));
  return (
    <div className="csc-enrolment">
      <Progress
        percent={progress}
        size="small"
        // progress at 100 is complete only once completion is stamped (the success mark is an icon, not green text)
        status={enrolment.completed_at ? "success" : "normal"}
        format={() => formatPercent(progress, language)}
        aria-label={t("learner:learning.progress", { percent: formatNumber(progress, language) })}
        data-testid="enrolment-progress"
      />
      {enrolment.completed_at ? (
        <div className="csc-enrolment__done">
          <Tag
            bordered={false}
            icon={<CheckCircleFilled aria-hidden="true" />}
            className="csc-enrolment__completed"
            data-testid="enrolment-completed"
          >
            {t("learner:learning.completed")}
          </Tag>
          {enrolment.certificate_code ? (
            <span className="csc-enrolment__certificate" data-testid="certificate">
              <SafetyCertificateOutlined aria-hidden="true" /> {t("learner:learning.certificate")}{" "}
              <code data-testid="certificate-code">{enrolment.certificate_code}</code>
            </span>
          ) : null}
          {enrolment.certificate_code ? <CertificateLinks code={enrolment.certificate_code} title={title} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** "Open course" on the course site (the login URL's variant for the item), when the site is configured. */
export function OpenOnCourseSite({ kind, itemId }: { kind: LearningKind; itemId: number }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const href = courseSiteUrl(config.courseSiteLoginUrl, kind.courseSite, itemId);
  if (!href) return null;
  return (
    <Button
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      icon={<ExportOutlined aria-hidden="true" />}
      data-testid="open-course"
    >
      {t(`learner:learning.open.${kind.itemType}`)}
    </Button>
  );
}

/**
 * The one action of a course's, program's or roadmap's card: Enrol, then — enrolled —
 * open it on the course site, with the progress and, once complete, the certificate. A second
 * enrolment is refused by the server (409) with a message shown here as it is.
 */
export function EnrolButton({
  kind,
  item,
  enrolment,
}: {
  kind: LearningKind;
  item: LearningItem;
  enrolment: Enrolment | undefined;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = String(item.title ?? "");

  const refusalAlert = refusal ? (
    <Alert type="warning" showIcon role="alert" message={refusal} data-testid="enrol-refused" />
  ) : null;
  if (enrolment) {
    return (
      <div className="csc-apply csc-apply--enrolled">
        {refusalAlert}
        <EnrolmentProgress enrolment={enrolment} title={title} />
        <OpenOnCourseSite kind={kind} itemId={item.id} />
      </div>
    );
  }

  const enrol = async () => {
    setSending(true);
    try {
      await enrolIn(kind.resource, item.id);
      open?.({
        key: `enrol-${kind.itemType}-${item.id}`,
        type: "success",
        message: t("learner:enrol.done", { title }),
      });
    } catch (error) {
      const message =
        isApiError(error) && error.statusCode === 404
          ? t("learner:enrol.closed")
          : isApiError(error)
            ? error.message
            : t("learner:enrol.failed");
      setRefusal(message);
      open?.({ key: `enrol-${kind.itemType}-${item.id}`, type: "error", message });
    } finally {
      setSending(false);
      await invalidate({ resource: "enrolments", invalidates: ["list"] });
    }
  };

  return (
    <div className="csc-apply">
      {refusalAlert}
      <Button
        type="primary"
        loading={sending}
        onClick={enrol}
        aria-label={t("learner:enrol.buttonFor", { title })}
        data-testid="enrol-button"
      >
        {t("learner:enrol.button")}
      </Button>
    </div>
  );
}
