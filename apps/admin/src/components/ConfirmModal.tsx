import { Modal } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { returnFocus, takeMenuOpener } from "./focus-return";

/** The confirmation modal is never wider than this. */
export const CONFIRM_MODAL_MAX_WIDTH = 860;

export interface ConfirmModalProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to "Delete". */
  title?: ReactNode;
  /** Defaults to "Confirm to delete". */
  message?: ReactNode;
  /** Defaults to "Confirm". */
  confirmText?: ReactNode;
  /** Defaults to "Cancel". */
  cancelText?: ReactNode;
  loading?: boolean;
  /** Red confirm button; on by default because the default is a deletion. */
  danger?: boolean;
  width?: number;
  /** Where the focus goes once closed; back to the control that opened it by default. */
  afterClose?: () => void;
}

/** A confirmation modal; defaults title Delete, message Confirm to delete, Confirm and Cancel. */
export function ConfirmModal({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  confirmText,
  cancelText,
  loading = false,
  danger = true,
  width = 480,
  afterClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  // antd gives the focus back to the button that opened the dialog; a menu item is gone by then
  const menuButton = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) menuButton.current = takeMenuOpener();
  }, [open]);
  return (
    <Modal
      open={open}
      title={title ?? t("confirm.title")}
      okText={confirmText ?? t("confirm.confirm")}
      cancelText={cancelText ?? t("confirm.cancel")}
      okButtonProps={{ danger, loading }}
      onOk={onConfirm}
      onCancel={onCancel}
      width={Math.min(width, CONFIRM_MODAL_MAX_WIDTH)}
      // antd keeps a dialog 16 px inside a phone's screen by its own max-width: this one must not undo that
      style={{ maxWidth: `min(${CONFIRM_MODAL_MAX_WIDTH}px, calc(100vw - 32px))` }}
      centered
      destroyOnHidden
      afterClose={() => (afterClose ? afterClose() : returnFocus(menuButton.current))}
    >
      {message ?? t("confirm.message")}
    </Modal>
  );
}
