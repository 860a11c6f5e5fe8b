import { MailOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";
import type { UseResourceActions } from "../../engine/actions/types";
import { useActionCall } from "../../engine/actions/useActionCall";

/**
 * Mail Queue → Send again: a mail given up after its last try goes back in the queue with a full
 * round of tries, for the provider's administrators, once whatever refused it is fixed.
 */
const useMailQueueActions: UseResourceActions = (meta, { onDone }) => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ id: number; title: string } | null>(null);
  const { call, pending } = useActionCall(["mail-queue"]);
  const allowed = meta.commands.includes("resend");

  const confirm = async () => {
    if (!target) return;
    const result = await call(`/api/mail-queue/${target.id}/resend`);
    if (result.ok) {
      setTarget(null);
      onDone?.();
    }
  };

  return {
    recordItems: (record, title) =>
      allowed && record.state === "failed"
        ? [
            {
              key: "resend",
              label: t("resources.resend"),
              icon: <MailOutlined />,
              onClick: () => setTarget({ id: record.id, title }),
            },
          ]
        : [],
    bulkButtons: () => null,
    element: (
      <ConfirmModal
        open={target !== null}
        danger={false}
        loading={pending}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
        title={t("mailQueue.resendTitle")}
        confirmText={t("resources.resend")}
        message={t("mailQueue.resendMessage", { subject: target?.title ?? "" })}
      />
    ),
  };
};

export default useMailQueueActions;
