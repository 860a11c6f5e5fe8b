import { UndoOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";
import type { UseResourceActions } from "../../engine/actions/types";
import { useActionCall } from "../../engine/actions/useActionCall";

/** Activity Logs → Deleted Users: those who may delete accounts may bring one back. */
const useRestoreUserAction: UseResourceActions = (meta, { onDone }) => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ id: number; title: string } | null>(null);
  const { call, pending } = useActionCall(["deleted-users", "users", "students", "employees"]);
  const allowed = meta.commands.includes("restore");

  const confirm = async () => {
    if (!target) return;
    const result = await call(`/api/deleted-users/${target.id}/restore`);
    if (result.ok) {
      setTarget(null);
      onDone?.();
    }
  };

  return {
    recordItems: (record, title) =>
      allowed
        ? [
            {
              key: "restore",
              label: t("resources.restore"),
              icon: <UndoOutlined />,
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
        title={t("resources.restoreTitle")}
        confirmText={t("resources.restore")}
        message={t("resources.restoreMessage", { title: target?.title ?? "" })}
      />
    ),
  };
};

export default useRestoreUserAction;
