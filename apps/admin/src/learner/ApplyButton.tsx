import { CheckCircleFilled, CloseCircleFilled, SendOutlined } from "@ant-design/icons";
import { enumLabelKey, isEnumValue, isOpenApplication, REJECTED_STAGES } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { Alert, Button, Input, Modal, Tag } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../shell/providers/http";
import { type Application, applyTo } from "./applications";
import type { Posting, PostingKind } from "./postings";
import { RegistrationClosed, takesApplications } from "./RegistrationClosed";

/**
 * How an application stands, for its colour: waiting, turned down, or settled otherwise — completed
 * in a stage that decides nothing is settled too (@csc/shared `isOpenApplication`).
 */
function standingOf(application: Application): "withdrawn" | "pending" | "rejected" | "settled" {
  if (application.withdrawn_at) return "withdrawn";
  if (isEnumValue(REJECTED_STAGES, application.stage)) return "rejected";
  if (isOpenApplication(application)) return "pending";
  return "settled";
}

/** Applied, and where the application stands: "Applied — Shortlisted", or withdrawn. */
export function ApplicationStatus({ application }: { application: Application }) {
  const { t } = useTranslation();
  const standing = standingOf(application);
  return (
    <Tag
      bordered={false}
      icon={
        standing === "withdrawn" ? null : standing === "rejected" ? (
          <CloseCircleFilled aria-hidden="true" />
        ) : (
          <CheckCircleFilled aria-hidden="true" />
        )
      }
      className={`csc-application-status csc-application-status--${standing}`}
      data-testid="application-status"
    >
      {standing === "withdrawn"
        ? t("learner:status.withdrawn")
        : t("learner:status.applied", { stage: t(enumLabelKey("applicationStage", application.stage)) })}
    </Tag>
  );
}

/**
 * The one action of a posting's card: Apply, with an optional note, or — once applied —
 * the application's stage, or "Registration closed" once its registration or deadline has passed.
 * A second application is refused by the server (409) with a message that is shown here as it is.
 */
export function ApplyButton({
  kind,
  posting,
  application,
}: {
  kind: PostingKind;
  posting: Posting;
  application: Application | undefined;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const noteId = useId();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = String(posting.title ?? "");

  // a refusal (409: applied already, elsewhere) stays on screen after the card has caught up
  const refusalAlert = refusal ? (
    <Alert type="warning" showIcon role="alert" message={refusal} data-testid="apply-refused" />
  ) : null;
  if (application) {
    return (
      <div className="csc-apply">
        {refusalAlert}
        <ApplicationStatus application={application} />
      </div>
    );
  }

  if (!asking && !takesApplications(kind, posting)) {
    return (
      <div className="csc-apply">
        {refusalAlert}
        <RegistrationClosed />
      </div>
    );
  }

  const refresh = () => invalidate({ resource: "applications", invalidates: ["list"] });

  const send = async () => {
    setSending(true);
    try {
      await applyTo(kind.resource, posting.id, note);
      setAsking(false);
      setNote("");
      open?.({ key: `apply-${posting.id}`, type: "success", message: t("learner:apply.done", { title }) });
    } catch (error) {
      // not open to them (any more): 404, said in the learner's words
      const closed = isApiError(error) && error.statusCode === 404;
      const message = closed
        ? t("learner:apply.closed")
        : isApiError(error)
          ? error.message
          : t("learner:apply.failed");
      setAsking(false);
      setRefusal(message);
      open?.({ key: `apply-${posting.id}`, type: "error", message });
    } finally {
      setSending(false);
      await refresh();
    }
  };

  return (
    <div className="csc-apply">
      {refusalAlert}
      <Button
        type="primary"
        icon={<SendOutlined aria-hidden="true" />}
        onClick={() => setAsking(true)}
        aria-label={t("learner:apply.buttonFor", { title })}
        data-testid="apply-button"
      >
        {t("learner:apply.button")}
      </Button>
      <Modal
        open={asking}
        title={t("learner:apply.title", { title })}
        okText={t("learner:apply.confirm")}
        cancelText={t("learner:apply.cancel")}
        okButtonProps={{
          loading: sending,
          ...({ "data-testid": "apply-confirm" } as Record<`data-${string}`, string>),
        }}
        onOk={send}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <label htmlFor={noteId} className="csc-apply__label">
          {t("learner:apply.note")}
        </label>
        <Input.TextArea
          id={noteId}
          value={note}
          maxLength={1000}
          autoSize={{ minRows: 3, maxRows: 6 }}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t("learner:apply.notePlaceholder")}
        />
      </Modal>
    </div>
  );
}
