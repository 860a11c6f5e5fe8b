import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { Button, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";
import type { ResourceActions, UseResourceActions } from "./types";
import { useActionCall } from "./useActionCall";

interface Pending {
  kind: "approve" | "reject";
  ids: number[];
  title?: string;
  done?: () => void;
}

/** What a resource's requests are called in its decision dialogs: keys of the `common` namespace. */
export interface DecisionTexts {
  approveTitle: string;
  rejectTitle: string;
  /** With `{{subject}}`: the request's title, or how many were selected. */
  approveMessage: string;
  rejectMessage: string;
}

/**
 * Approve or reject requests of a resource (its `approve` and `reject` commands), one or many at
 * once; a rejection needs a reason, which the requester is told. `refresh`: the lists a decision
 * changes besides the resource's own.
 */
export const decisionActions =
  (resource: string, texts: DecisionTexts, refresh: string[] = []): UseResourceActions =>
  (meta, { onDone }) => {
    const { t } = useTranslation();
    const [pending, setPending] = useState<Pending | null>(null);
    const [reason, setReason] = useState("");
    const [reasonError, setReasonError] = useState<string | null>(null);
    const { call, pending: busy } = useActionCall([resource, ...refresh]);
    // deciding on a request is for those who may remove it (the API checks the same)
    const allowed = meta.commands.includes("approve");

    const close = () => {
      setPending(null);
      setReason("");
      setReasonError(null);
    };
    const confirm = async () => {
      if (!pending) return;
      if (pending.kind === "reject" && !reason.trim()) {
        setReasonError(t("validation:required"));
        return;
      }
      const body = pending.kind === "approve" ? { ids: pending.ids } : { ids: pending.ids, reason: reason.trim() };
      const result = await call(`/api/${resource}/${pending.kind}`, body);
      if (result.ok) {
        pending.done?.();
        close();
        onDone?.();
      } else if (result.error?.errors?.reason) {
        setReasonError(String(result.error.errors.reason));
      }
    };

    const count = pending?.ids.length ?? 0;
    const subject = count === 1 && pending?.title ? pending.title : t("resources.requestCount", { count });
    const element = (
      <ConfirmModal
        open={pending !== null}
        danger={pending?.kind === "reject"}
        loading={busy}
        onCancel={close}
        onConfirm={() => void confirm()}
        title={pending?.kind === "reject" ? t(texts.rejectTitle) : t(texts.approveTitle)}
        confirmText={pending?.kind === "reject" ? t("resources.reject") : t("resources.approve")}
        message={
          <div data-testid="request-decision">
            <Typography.Paragraph>
              {pending?.kind === "reject" ? t(texts.rejectMessage, { subject }) : t(texts.approveMessage, { subject })}
            </Typography.Paragraph>
            {pending?.kind === "reject" ? (
              <div className="csc-delete-confirm__reason">
                <label htmlFor="reject-reason">
                  {t("fields:reject_reason")} <span className="csc-required-mark">*</span>
                </label>
                <Input.TextArea
                  id="reject-reason"
                  value={reason}
                  maxLength={500}
                  status={reasonError ? "error" : undefined}
                  autoSize={{ minRows: 3, maxRows: 6 }}
                  aria-required="true"
                  onChange={(event) => {
                    setReason(event.target.value);
                    setReasonError(null);
                  }}
                />
                {reasonError ? (
                  <span className="csc-field-error" role="alert">
                    {reasonError}
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>
        }
      />
    );

    const actions: ResourceActions = {
      recordItems: (record, title) =>
        allowed
          ? [
              {
                key: "approve",
                label: t("resources.approve"),
                icon: <CheckOutlined />,
                onClick: () => setPending({ kind: "approve", ids: [record.id], title }),
              },
              {
                key: "reject",
                label: t("resources.reject"),
                icon: <CloseOutlined />,
                danger: true,
                onClick: () => setPending({ kind: "reject", ids: [record.id], title }),
              },
            ]
          : [],
      bulkButtons: (ids, clearSelection) =>
        allowed ? (
          <>
            <Button
              icon={<CheckOutlined />}
              onClick={() => setPending({ kind: "approve", ids, done: clearSelection })}
              data-testid="bulk-approve"
            >
              {t("resources.approveSelected")}
            </Button>
            <Button
              danger
              icon={<CloseOutlined />}
              onClick={() => setPending({ kind: "reject", ids, done: clearSelection })}
              data-testid="bulk-reject"
            >
              {t("resources.rejectSelected")}
            </Button>
          </>
        ) : null,
      element,
    };
    return actions;
  };
