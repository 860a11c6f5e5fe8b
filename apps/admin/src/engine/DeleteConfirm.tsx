import { useDelete, useDeleteMany } from "@refinedev/core";
import { Input, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../components/ConfirmModal";
import { focusPageHeading } from "../components/focus-return";
import type { ResourceMeta } from "./types";

export interface DeleteTarget {
  ids: number[];
  /** The record's title when one record is deleted. */
  title?: string;
}

/**
 * The confirmation modal before a deletion of one record or of the selected ones. Accounts
 * are deleted softly: the modal asks why, and Activity Logs → Deleted Users keeps the reason.
 */
export function DeleteConfirm({
  meta,
  target,
  onClose,
  onDeleted,
}: {
  meta: ResourceMeta;
  target: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const { mutateAsync: deleteOne, mutation: one } = useDelete();
  const { mutateAsync: deleteMany, mutation: many } = useDeleteMany();
  const softly = meta.softDelete;
  const count = target?.ids.length ?? 0;
  // once deleted, the row or page that opened the dialog is gone: the focus goes to the heading
  const deleted = useRef(false);

  const close = () => {
    setReason("");
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    const query = softly && reason.trim() ? { reason: reason.trim() } : undefined;
    const errorNotification = (error?: { message?: string }) => ({
      type: "error" as const,
      message: error?.message || t("errors.generic"),
    });
    try {
      const [id] = target.ids;
      if (count === 1 && id !== undefined) {
        await deleteOne({
          resource: meta.name,
          id,
          meta: { query },
          successNotification: () => ({
            type: "success",
            message: t("resources.deleted", { title: target.title ?? `#${id}` }),
          }),
          errorNotification,
        });
      } else {
        await deleteMany({
          resource: meta.name,
          ids: target.ids,
          meta: { query },
          successNotification: () => ({ type: "success", message: t("resources.deletedMany", { count }) }),
          errorNotification,
        });
      }
      setReason("");
      deleted.current = true;
      // a deletion from a record's page leads to the list: its heading takes the focus there
      focusPageHeading({ afterNavigation: true });
      onDeleted?.();
      onClose();
    } catch {
      // the notification has told the user; the modal stays open to try again or cancel
    }
  };

  return (
    <ConfirmModal
      open={target !== null}
      onCancel={close}
      onConfirm={() => void confirm()}
      loading={one.isPending || many.isPending}
      afterClose={
        deleted.current
          ? () => {
              deleted.current = false;
              focusPageHeading();
            }
          : undefined
      }
      title={count > 1 ? t("resources.bulkDeleteTitle", { count }) : t("confirm.title")}
      message={
        <div className="csc-delete-confirm" data-testid="delete-confirm">
          <Typography.Paragraph>
            {count > 1
              ? t("resources.bulkDeleteMessage", { count })
              : target?.title
                ? t("resources.deleteMessage", { title: target.title })
                : t("confirm.message")}
          </Typography.Paragraph>
          {softly ? (
            <div className="csc-delete-confirm__reason">
              <label htmlFor="delete-reason">{t("resources.deleteReason")}</label>
              <Input.TextArea
                id="delete-reason"
                value={reason}
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder={t("resources.deleteReasonPlaceholder")}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          ) : null}
        </div>
      }
    />
  );
}
