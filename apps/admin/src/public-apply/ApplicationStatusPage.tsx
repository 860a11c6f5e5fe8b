import { enumLabelKey, type GuestStatus } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Result, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { formatDateTime } from "../engine/display/format";
import { TimelineEntries } from "../learner/StageTimeline";
import { isApiError } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";
import { fetchGuestStatus } from "./guestStatus";
import { PublicSiteHeader } from "./PublicSiteHeader";
import "./public-apply.css";
import "./application-status.css";

/** The application's facts and its timeline, read only. */
function StatusDetails({ status }: { status: GuestStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const stage = t(enumLabelKey("applicationStage", status.stage));
  return (
    <>
      <section className="csc-guest-status__card" aria-labelledby="guest-status-facts">
        <h2 id="guest-status-facts" className="csc-guest-status__heading">
          {status.posting.title}
        </h2>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: "type",
              label: t("learner:guestStatus.postingType"),
              children: t(enumLabelKey("postingType", status.posting.type)),
            },
            { key: "name", label: t("learner:guestStatus.name"), children: status.full_name },
            {
              key: "applied",
              label: t("learner:guestStatus.appliedAt"),
              children: <time dateTime={status.applied_at}>{formatDateTime(status.applied_at, language)}</time>,
            },
            {
              key: "stage",
              label: t("learner:guestStatus.stage"),
              children: status.withdrawn_at ? (
                <Tag data-testid="guest-status-stage">{t("learner:status.withdrawn")}</Tag>
              ) : (
                <Tag className="csc-guest-status__stage" data-testid="guest-status-stage">
                  {stage}
                </Tag>
              ),
            },
          ]}
        />
      </section>
      <section className="csc-guest-status__card" aria-labelledby="guest-status-timeline">
        <h2 id="guest-status-timeline" className="csc-guest-status__heading">
          {t("learner:guestStatus.timeline")}
        </h2>
        <TimelineEntries entries={status.history.map((entry) => ({ ...entry, by: null }))} />
      </section>
      <p className="csc-guest-status__private">{t("learner:guestStatus.private")}</p>
    </>
  );
}

/**
 * A guest applicant's private page (`/applications/status/{token}`, the link of their
 * receipt and of every mail after it): the stage of their application and its timeline, read only,
 * in the site's colours. A link that is not one says so, and nothing else.
 */
export default function ApplicationStatusPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const title = t("learner:guestStatus.title");
  useDocumentTitle(title);
  const status = useQuery({
    queryKey: ["guest-application-status", token],
    queryFn: () => fetchGuestStatus(token),
    retry: false,
  });

  let content: React.ReactNode;
  if (status.isLoading) {
    content = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (status.isError) {
    const code = isApiError(status.error) ? status.error.statusCode : 0;
    content =
      code === 404 ? (
        <Result
          status="warning"
          title={t("learner:guestStatus.unknown")}
          subTitle={t("learner:guestStatus.unknownHint")}
        />
      ) : (
        <Result
          status="warning"
          title={code === 429 ? status.error.message : t("learner:guestStatus.loadFailed")}
          extra={<Button onClick={() => void status.refetch()}>{t("buttons.retry")}</Button>}
        />
      );
  } else if (status.data) {
    content = <StatusDetails status={status.data} />;
  }

  return (
    <div className="csc-public-apply" data-testid="guest-status">
      <PublicSiteHeader accountLink={false} />
      <main className="csc-public-apply__main csc-guest-status">
        <h1 className="csc-public-apply__title">{title}</h1>
        {content}
      </main>
    </div>
  );
}
