import { useTranslation } from "react-i18next";
import { formatNumber } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";

interface Count {
  label: string;
  count: number;
}

/**
 * Every column's count in one wrapping row above the board, so a laptop sees them all without
 * scrolling the board sideways; each one takes the keyboard to its column.
 */
export function BoardSummary({
  open,
  closed,
  onJump,
}: {
  open: (Count & { stage: string })[];
  closed: Count | null;
  /** A stage, or "closed" for the closing stages' group. */
  onJump: (stage: string) => void;
}) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const entries = [...open, ...(closed ? [{ ...closed, stage: "closed" }] : [])];
  return (
    <nav className="csc-board-summary" aria-label={t("boardMove.summary")} data-testid="board-summary">
      <ul>
        {entries.map((entry) => (
          <li key={entry.stage}>
            <button
              type="button"
              className={`csc-board-summary__item${entry.stage === "closed" ? " is-closed" : ""}`}
              onClick={() => onJump(entry.stage)}
              data-jump={entry.stage}
            >
              <span>{entry.label}</span>
              <span className="csc-board-summary__count">{formatNumber(entry.count, language) ?? entry.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
