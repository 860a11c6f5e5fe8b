import { SwapOutlined } from "@ant-design/icons";
import { Button, Dropdown, Spin, Tag, theme } from "antd";
import { type CSSProperties, type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../providers/i18n";
import { formatDate } from "../display/format";
import { usePipelineLabels } from "./labels";
import { type Application, type Posting, stagesOf } from "./posting";

export interface ApplicantBoardProps {
  posting: Posting;
  rows: Application[];
  loading: boolean;
  /** Absent when the caller may not move these applicants: the cards only open. */
  onMove?: (row: Application, stage: string) => Promise<boolean>;
  onOpen: (id: number) => void;
}

const DRAG_TYPE = "application/x-csc-applicant";

/**
 * The posting's applicants as a board: a column per stage of its variant (spec §4). A card moves
 * by dragging it to another column, or from the keyboard — arrow keys left and right, or its
 * "Move to…" menu. A refused move leaves the card where it was (the server's message is shown).
 */
export function ApplicantBoard({ posting, rows, loading, onMove, onOpen }: ApplicantBoardProps) {
  const { t } = useTranslation("pipeline");
  const { token } = theme.useToken();
  const { label } = usePipelineLabels();
  const stages = stagesOf(posting);
  const [moving, setMoving] = useState<number | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const board = useRef<HTMLDivElement>(null);

  // after a move the card is drawn again in its new column: keep the keyboard on it
  useEffect(() => {
    if (focusId === null || moving !== null) return;
    const card = board.current?.querySelector<HTMLElement>(`[data-applicant="${focusId}"]`);
    card?.focus();
  }, [focusId, moving]);

  const move = async (row: Application, stage: string) => {
    if (!onMove || row.stage === stage || moving !== null) return;
    setMoving(row.id);
    setFocusId(row.id);
    try {
      await onMove(row, stage);
    } finally {
      setMoving(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: Application) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter") {
      event.preventDefault();
      onOpen(row.id);
      return;
    }
    if (!onMove || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const index = stages.indexOf(row.stage as (typeof stages)[number]);
    const next = stages[index + (event.key === "ArrowRight" ? 1 : -1)];
    if (next) void move(row, next);
  };

  const onDrop = (event: DragEvent<HTMLElement>, stage: string) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    const row = rows.find((candidate) => candidate.id === id);
    if (row) void move(row, stage);
  };

  const style = {
    "--csc-board-column": token.colorFillQuaternary,
    "--csc-board-card": token.colorBgContainer,
    "--csc-board-muted": token.colorTextSecondary,
  } as CSSProperties;

  return (
    <Spin spinning={loading}>
      <div
        ref={board}
        className="csc-applicant-board"
        style={style}
        data-testid="applicants-board"
        aria-describedby="csc-board-help"
      >
        <p id="csc-board-help" className="csc-visually-hidden">
          {onMove ? t("board.help") : t("board.helpReadOnly")}
        </p>
        {stages.map((stage) => {
          const cards = rows.filter((row) => row.stage === stage);
          const title = label("stage", stage);
          return (
            <section
              key={stage}
              className={`csc-board-column${over === stage ? " is-over" : ""}`}
              aria-label={t("board.column", { stage: title, count: cards.length })}
              data-stage={stage}
              onDragOver={
                onMove
                  ? (event) => {
                      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                      event.preventDefault();
                      event.dataTransfer.dropEffect = "move";
                      setOver(stage);
                    }
                  : undefined
              }
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
              }}
              onDrop={onMove ? (event) => onDrop(event, stage) : undefined}
            >
              <header className="csc-board-column__head">
                <span>{title}</span>
                <span className="csc-board-column__count">{cards.length}</span>
              </header>
              <ul className="csc-board-column__cards">
                {cards.map((row) => (
                  <BoardCard
                    key={row.id}
                    row={row}
                    stages={stages}
                    busy={moving === row.id}
                    draggable={Boolean(onMove) && !row.withdrawn_at}
                    onMove={onMove && !row.withdrawn_at ? (stage) => void move(row, stage) : undefined}
                    onOpen={() => onOpen(row.id)}
                    onKeyDown={(event) => onKeyDown(event, row)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </Spin>
  );
}

function BoardCard({
  row,
  stages,
  busy,
  draggable,
  onMove,
  onOpen,
  onKeyDown,
}: {
  row: Application;
  stages: readonly string[];
  busy: boolean;
  draggable: boolean;
  onMove?: (stage: string) => void;
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const { label } = usePipelineLabels();
  return (
    <li
      className={`csc-board-card${busy ? " is-busy" : ""}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card is what the keyboard moves between columns
      tabIndex={0}
      draggable={draggable}
      aria-busy={busy}
      aria-label={t("board.card", { name: row.full_name, stage: label("stage", row.stage) })}
      data-applicant={row.id}
      data-testid="board-card"
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(row.id));
        event.dataTransfer.effectAllowed = "move";
      }}
      onKeyDown={onKeyDown}
    >
      <div className="csc-board-card__head">
        <button type="button" className="csc-board-card__name" onClick={onOpen} tabIndex={-1}>
          {row.full_name}
        </button>
        {onMove ? (
          <Dropdown
            trigger={["click"]}
            menu={{
              items: stages
                .filter((stage) => stage !== row.stage)
                .map((stage) => ({ key: stage, label: label("stage", stage) })),
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
