import { CaretDownFilled, CaretUpFilled } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./components.css";

export type SortOrder = "asc" | "desc";

interface SortableHeaderProps {
  label: ReactNode;
  /** The column's current order, or null when the table is not sorted by it. */
  order: SortOrder | null;
  onChange: (order: SortOrder | null) => void;
}

const NEXT: Record<"none" | SortOrder, SortOrder | null> = { none: "asc", asc: "desc", desc: null };

/** A column header that sorts asc, then desc, then not at all; a real button for keyboards. */
export function SortableHeader({ label, order, onChange }: SortableHeaderProps) {
  const { t } = useTranslation();
  const next = NEXT[order ?? "none"];
  const hint = next === "asc" ? t("sort.ascending") : next === "desc" ? t("sort.descending") : t("sort.clear");
  return (
    <button
      type="button"
      className={`csc-sortable${order ? " csc-sortable--active" : ""}`}
      onClick={() => onChange(next)}
      aria-label={typeof label === "string" ? `${label}: ${hint}` : hint}
      title={hint}
      data-order={order ?? "none"}
    >
      <span>{label}</span>
      <span className="csc-sortable__carets" aria-hidden="true">
        <CaretUpFilled className={order === "asc" ? "is-on" : undefined} />
        <CaretDownFilled className={order === "desc" ? "is-on" : undefined} />
      </span>
    </button>
  );
}
