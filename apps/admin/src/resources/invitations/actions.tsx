import { MailOutlined } from "@ant-design/icons";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";
import type { ResourceActions, UseResourceActions } from "../../engine/actions/types";
import { useActionCall } from "../../engine/actions/useActionCall";

/**
 * Invitations → Send again: a new link, valid for seven more days, mailed to the person; the
 * link sent before stops working. Offered while the invitation waits, to those who may send it.
 */
const useInvitationActions: UseResourceActions = (meta, { onDone }) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ id: number; title: string } | null>(null);
  const { call, pending: busy } = useActionCall(["invitations"]);
  const allowed = meta.commands.includes("resend");

  const confirm = async () => {
    if (!pending) return;
    const result = await call(`/api/invitations/${pending.id}/resend`);
    if (result.ok) {
      setPending(null);
      onDone?.();
    }
  };

  const element = (
    <ConfirmModal
      open={pending !== null}
      danger={false}
      loading={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => void confirm()}
      title={t("resources.resendTitle")}
      confirmText={t("resources.resend")}
      message={
        <Typography.Paragraph data-testid="invitation-resend">
          {t("resources.resendMessage", { subject: pending?.title ?? "" })}
        </Typography.Paragraph>
      }
    />
  );

  const actions: ResourceActions = {
    recordItems: (record, title) =>
      allowed && !record.accepted_at
        ? [
            {
              key: "resend",
              label: t("resources.resend"),
              icon: <MailOutlined />,
              onClick: () => setPending({ id: record.id, title }),
            },
          ]
        : [],
    bulkButtons: () => null,
    element,
  };
  return actions;
};

export default useInvitationActions;
