import { SwapOutlined } from "@ant-design/icons";
import { isClosingStage } from "@csc/shared";
import { Button, Dropdown, Tag } from "antd";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";
import { usePipelineLabels } from "./labels";
import type { Application } from "./posting";

/**
 * One applicant on the board: the card itself is what the keyboard picks up (Space or Enter) and
 * the mouse drags; the name opens the applicant; the "Move to…" menu moves without dragging (a
 * phone cannot drag), the closing stages set apart at its end.
 */
export function BoardCard({
  row,
  stages,
  busy,
  carried,
  draggable,
  dragType,
  onMove,
  onOpen,
  onKeyDown,
  onBlur,
}: {
  row: Application;
  stages: readonly string[];
  busy: boolean;
  carried: boolean;
  draggable: boolean;
  dragType: string;
  onMove?: (stage: string) => void;
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const { label } = usePipelineLabels();
  const others = stages.filter((stage) => stage !== row.stage);
  const open = others.filter((stage) => !isClosingStage(stage));
  const closing = others.filter((stage) => isClosingStage(stage));
  const item = (stage: string) => ({ key: stage, label: label("stage", stage) });
  return (
    <li
      className={`csc-board-card${busy ? " is-busy" : ""}${carried ? " is-carried" : ""}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card is what the keyboard picks up and drops
      tabIndex={0}
      draggable={draggable}
      aria-busy={busy}
      aria-label={t("board.card", { name: row.full_name, stage: label("stage", row.stage) })}
      aria-describedby="csc-board-help"
      data-applicant={row.id}
      data-testid="board-card"
      data-carried={carried || undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData(dragType, String(row.id));
        event.dataTransfer.effectAllowed = "move";
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <div className="csc-board-card__head">
        <button type="button" className="csc-board-card__name" onClick={onOpen} data-testid="board-card-open">
          {row.full_name}
        </button>
        {onMove ? (
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                ...open.map(item),
                ...(closing.length
                  ? [
                      { type: "divider" as const },
                      { type: "group" as const, label: t("boardMove.closed"), children: closing.map(item) },
                    ]
                  : []),
              ],
              onClick: ({ key }) => onMove(key),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<SwapOutlined />}
              className="csc-board-card__move"
              aria-label={t("board.moveName", { name: row.full_name })}
              title={t("board.moveTo")}
              data-testid="board-move"
            />
          </Dropdown>
        ) : null}
      </div>
      <div className="csc-board-card__meta">
        {[row.institution, formatDate(row.applied_at, language)].filter(Boolean).join(" · ")}
      </div>
      {row.withdrawn_at ? (
        <Tag bordered={false} className="csc-board-card__tag">
          {t("withdrawn")}
        </Tag>
      ) : null}
    </li>
  );
}
