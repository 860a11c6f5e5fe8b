import { RollbackOutlined } from "@ant-design/icons";
import { canWithdraw } from "@csc/shared";
import { useInvalidate, useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../components/ConfirmModal";
import { isApiError } from "../shell/providers/http";
import { type Application, withdrawApplication } from "./applications";
import { historyQueryKey } from "./StageTimeline";

/** Withdraw an application nobody has decided on yet; after a decision the button is not offered. */
export function WithdrawButton({ application, title }: { application: Application; title: string }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  // "before any decision": the rule the API applies, from @csc/shared; the API decides
  if (!canWithdraw(application)) return null;

  const send = async () => {
    setSending(true);
    try {
      await withdrawApplication(application.id);
      open?.({ key: `withdraw-${application.id}`, type: "success", message: t("learner:withdraw.done", { title }) });
    } catch (error) {
      const message = isApiError(error) ? error.message : t("learner:withdraw.failed");
      open?.({ key: `withdraw-${application.id}`, type: "error", message });
    } finally {
      setSending(false);
      setAsking(false);
      await Promise.all([
        invalidate({ resource: "applications", invalidates: ["list"] }),
        queryClient.invalidateQueries({ queryKey: historyQueryKey(application.id) }),
      ]);
    }
  };

  return (
    <>
      <Button
        icon={<RollbackOutlined aria-hidden="true" />}
        onClick={() => setAsking(true)}
        aria-label={t("learner:withdraw.buttonFor", { title })}
        data-testid="withdraw-button"
      >
        {t("learner:withdraw.button")}
      </Button>
      <ConfirmModal
        open={asking}
        title={t("learner:withdraw.title")}
        message={t("learner:withdraw.message", { title })}
        confirmText={t("learner:withdraw.confirm")}
        cancelText={t("learner:withdraw.cancel")}
        loading={sending}
        onConfirm={send}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
