import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/ConfirmModal";

/**
 * Asked before applicants move into a closing stage (rejected, CV not matched, did not attend,
 * spam: `CLOSING_STAGES`): who, to what, and that they will be told by e-mail. One applicant is
 * named; a bulk change names up to three and counts the rest. Nothing is sent before Confirm.
 */
export function ClosingStageConfirm({
  open,
  names,
  count = names.length,
  stage,
  pending = false,
  onConfirm,
  onCancel,
  afterClose,
}: {
  open: boolean;
  names: string[];
  /** How many move, when more than the names given (a selection beyond the page on screen). */
  count?: number;
  /** The stage's label in the current language. */
  stage: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation("pipeline");
  const shown = names.slice(0, 3).join(", ");
  const who =
    names.length > 3 || count > names.length
      ? t("closing.andMore", { names: shown, count: count - Math.min(names.length, 3) })
      : shown;
  return (
    <ConfirmModal
      open={open}
      loading={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
      afterClose={afterClose}
      title={count === 1 ? t("closing.titleOne", { name: who, stage }) : t("closing.titleMany", { count, stage })}
      confirmText={t("closing.confirm", { stage })}
      message={
        <div data-testid="closing-confirm">
          <Typography.Paragraph>{t("closing.mail", { count, names: who, stage })}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t("closing.undo")}</Typography.Paragraph>
        </div>
      }
    />
  );
}
