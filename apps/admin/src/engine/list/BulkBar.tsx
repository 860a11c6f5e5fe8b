import { DeleteOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { focusPageHeading } from "../../components/focus-return";

/**
 * Clearing the selection takes this bar away with the focus in it: the focus goes to the table's
 * "select all" box, where a new selection starts.
 */
function clearAndRefocus(onClear: () => void) {
  const bar = document.activeElement?.closest(".csc-bulk-bar");
  const card = bar?.parentElement;
  onClear();
  requestAnimationFrame(() => {
    const selectAll = card?.querySelector<HTMLElement>(".ant-table-thead .ant-table-selection-column input");
    if (selectAll) selectAll.focus();
    else focusPageHeading();
  });
}

/** Shown while rows are selected: how many, delete them all, the resource's own bulk actions. */
export function BulkBar({
  count,
  onDelete,
  onClear,
  children,
}: {
  count: number;
  /** Absent when the user may not delete. */
  onDelete?: () => void;
  onClear: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="csc-bulk-bar" data-testid="bulk-bar">
      <span className="csc-bulk-bar__count">{t("resources.selected", { count })}</span>
      {onDelete ? (
        <Button danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="bulk-delete">
          {t("resources.deleteSelected")}
        </Button>
      ) : null}
      {children}
      <Button type="link" onClick={() => clearAndRefocus(onClear)}>
        {t("resources.clearSelection")}
      </Button>
    </div>
  );
}
