import { LoginOutlined, UserOutlined } from "@ant-design/icons";
import type { PublicPostingResource } from "@csc/shared";
import { Alert, Button, Modal, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { applyTo } from "../learner/applications";
import type { Posting } from "../learner/postings";
import { isApiError } from "../shell/providers/http";
import { getToken } from "../shell/providers/token";
import { GuestApplyForm } from "./GuestApplyForm";

type Step = "choose" | "guest" | "done";

/** Signed in: apply with the account, through the learner's own endpoint; the server's answer as it is. */
function AccountApply({
  resource,
  posting,
  onDone,
}: {
  resource: PublicPostingResource;
  posting: Posting;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setRefusal(null);
    try {
      await applyTo(resource, posting.id);
      onDone(t("learner:apply.done", { title: String(posting.title ?? "") }));
    } catch (error) {
      const closed = isApiError(error) && error.statusCode === 404;
      setRefusal(closed ? t("learner:apply.closed") : isApiError(error) ? error.message : t("learner:apply.failed"));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="csc-public-apply__choice">
      <p>{t("learner:public.withAccount")}</p>
      {refusal ? <Alert type="warning" showIcon role="alert" message={refusal} data-testid="apply-refused" /> : null}
      <Button type="primary" loading={sending} onClick={send} data-testid="account-apply">
        {t("learner:public.applyWithAccount")}
      </Button>
    </div>
  );
}

/**
 * "Apply" on a public page: with the account when signed in; otherwise sign in first (coming back
 * here, to this posting) or apply as a guest.
 */
export function PublicApplyDialog({
  resource,
  posting,
  captchaSiteKey,
  onClose,
}: {
  resource: PublicPostingResource;
  posting: Posting;
  captchaSiteKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("choose");
  const [message, setMessage] = useState("");
  const signedIn = Boolean(getToken());
  const title = String(posting.title ?? "");
  const returnTo = `${pathname}?apply=${posting.id}`;
  const done = (text: string) => {
    setMessage(text);
    setStep("done");
  };

  let body: React.ReactNode;
  if (step === "done") {
    body = (
      <div data-testid="apply-success" role="status">
        <Result status="success" title={message} />
      </div>
    );
  } else if (signedIn) {
    body = <AccountApply resource={resource} posting={posting} onDone={done} />;
  } else if (step === "guest") {
    body = <GuestApplyForm resource={resource} postingId={posting.id} captchaSiteKey={captchaSiteKey} onDone={done} />;
  } else {
    body = (
      <div className="csc-public-apply__choice">
        <p>{t("learner:public.choose")}</p>
        <Button
          type="primary"
          icon={<LoginOutlined aria-hidden="true" />}
          block
          onClick={() => navigate(`/login?to=${encodeURIComponent(returnTo)}`)}
          data-testid="sign-in-to-apply"
        >
          {t("learner:public.signIn")}
        </Button>
        <Button
          icon={<UserOutlined aria-hidden="true" />}
          block
          onClick={() => setStep("guest")}
          data-testid="as-guest"
        >
          {t("learner:public.asGuest")}
        </Button>
      </div>
    );
  }

  return (
    <Modal
      open
      title={t("learner:apply.title", { title })}
      onCancel={onClose}
      footer={
        step === "done" ? (
          <Button type="primary" onClick={onClose}>
            {t("learner:public.close")}
          </Button>
        ) : null
      }
      destroyOnHidden
      width={520}
    >
      {body}
    </Modal>
  );
}
