import { isClosingStage } from "@csc/shared";
import { Spin, theme } from "antd";
import { type CSSProperties, type DragEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../engine/display/format";
import { useLanguage } from "../../shell/providers/i18n";
import { BoardCard } from "./BoardCard";
import { BoardSummary } from "./BoardSummary";
import { type BoardMove, boardKey, boardOrder, IDLE, neighbourCard } from "./boardMove";
import { ClosingStageConfirm } from "./ClosingStageConfirm";
import { usePipelineLabels } from "./labels";
import { type Application, type Posting, stagesOf } from "./posting";

interface ApplicantBoardProps {
  posting: Posting;
  rows: Application[];
  loading: boolean;
  /** Absent when the caller may not move these applicants: the cards only open. */
  onMove?: (row: Application, stage: string, options: { onUndone: () => void }) => Promise<boolean>;
  onOpen: (id: number) => void;
}

const DRAG_TYPE = "application/x-csc-applicant";

/**
 * The posting's applicants as a board: a column per stage of its variant, the closing
 * stages (rejected, CV not matched, did not attend, spam) grouped in one "Closed" column that
 * opens on demand, and every column's count in a summary above. A card moves by dragging it, by
 * its "Move to…" menu, or from the keyboard by a deliberate pick-up and drop (`boardKey`), each
 * step said to screen readers. A move into a closing stage is confirmed first; a refused move
 * leaves the card where it was.
 */
export function ApplicantBoard({ posting, rows, loading, onMove, onOpen }: ApplicantBoardProps) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const { token } = theme.useToken();
  const { label } = usePipelineLabels();
  const stages = stagesOf(posting);
  const order = useMemo(() => boardOrder(stages), [stages]);
  const [carry, setCarry] = useState<BoardMove>(IDLE);
  const [confirm, setConfirm] = useState<{ row: Application; stage: string } | null>(null);
  const [closedOpen, setClosedOpen] = useState(false);
  const [moving, setMoving] = useState<number | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const board = useRef<HTMLDivElement>(null);
  /** The card the confirmation dialog gives the keyboard back to once it has gone. */
  const returnTo = useRef<number | null>(null);

  const byStage = useMemo(() => {
    const map = new Map<string, Application[]>(order.all.map((stage) => [stage, []]));
    for (const row of rows) map.get(row.stage)?.push(row);
    return map;
  }, [rows, order]);
  const visibleColumns = useMemo(
    () =>
      [...order.open, ...(closedOpen ? order.closing : [])].map((stage) =>
        (byStage.get(stage) ?? []).map((row) => row.id),
      ),
    [byStage, order, closedOpen],
  );

  const cardElement = (id: number) => board.current?.querySelector<HTMLElement>(`[data-applicant="${id}"]`);

  // a card drawn again elsewhere (moved, put back by an undo) keeps the keyboard on it
  useEffect(() => {
    if (focusRequest === null || moving !== null) return;
    board.current?.querySelector<HTMLElement>(`[data-applicant="${focusRequest.id}"]`)?.focus();
  }, [focusRequest, moving]);

  const say = (text: string) => setAnnouncement(text);
  const number = (value: number) => formatNumber(value, language) ?? String(value);

  const move = async (row: Application, stage: string) => {
    if (!onMove || row.stage === stage || moving !== null) return;
    // a card landing among the closed ones stays in sight, with the keyboard on it
    if (isClosingStage(stage)) setClosedOpen(true);
    setMoving(row.id);
    try {
      await onMove(row, stage, {
        onUndone: () => {
          say(t("boardMove.undone", { name: row.full_name, stage: label("stage", row.stage) }));
          // back to the card only when the keyboard is nowhere else (the Undo notice it pressed is gone)
          const active = document.activeElement;
          if (!active || active === document.body || board.current?.contains(active)) setFocusRequest({ id: row.id });
        },
      });
    } finally {
      setMoving(null);
      setFocusRequest({ id: row.id });
    }
  };

  /** Every way of moving ends here: a closing stage is confirmed first. */
  const request = (row: Application, stage: string) => {
    if (!onMove || row.stage === stage) return;
    if (isClosingStage(stage)) setConfirm({ row, stage });
    else void move(row, stage);
  };

  const onCardKey = (event: KeyboardEvent<HTMLElement>, row: Application) => {
    if (event.target !== event.currentTarget) return;
    const movable = Boolean(onMove) && !row.withdrawn_at && moving === null;
    if (!movable) {
      if (event.key === "Enter") {
        event.preventDefault();
        onOpen(row.id);
        return;
      }
    }
    const step = movable ? boardKey(carry, event.key, row, order.all) : ({ kind: "ignored" } as const);
    if (step.kind === "ignored") {
      if (carry.phase !== "idle") {
        // arrows and Space belong to the carried card: never scroll the page under it
        if (event.key.startsWith("Arrow") || event.key === " ") event.preventDefault();
        return;
      }
      const next = neighbourCard(visibleColumns, row.id, event.key);
      if (next !== null) {
        event.preventDefault();
        cardElement(next)?.focus();
      }
      return;
    }
    event.preventDefault();
    const name = row.full_name;
    if (step.kind === "pickedUp" || step.kind === "target") {
      setCarry(step.move);
      const target = step.move.target;
      if (isClosingStage(target) && !closedOpen) setClosedOpen(true);
      const position = { position: number(order.all.indexOf(target) + 1), total: number(order.all.length) };
      const stage = label("stage", target);
      if (step.kind === "pickedUp") say(t("boardMove.pickedUp", { name, stage, ...position }));
      else if (target === step.move.from) say(t("boardMove.overOwn", { name, stage, ...position }));
      else say(t(isClosingStage(target) ? "boardMove.overClosing" : "boardMove.over", { name, stage, ...position }));
      board.current?.querySelector(`[data-stage="${target}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
      return;
    }
    setCarry(IDLE);
    if (step.kind === "cancelled") {
      say(t("boardMove.cancelled", { name, stage: label("stage", step.from) }));
      return;
    }
    say(t("boardMove.dropped", { name, stage: label("stage", step.to) }));
    request(row, step.to);
  };

  // the keyboard leaving a carried card puts it back: a move is never left half-made
  const onCardBlur = (row: Application) => {
    if (carry.phase === "carrying" && carry.id === row.id) {
      setCarry(IDLE);
      say(t("boardMove.cancelled", { name: row.full_name, stage: label("stage", row.stage) }));
    }
  };

  const dropZone = (stage: string) =>
    onMove
      ? {
          onDragOver: (event: DragEvent<HTMLElement>) => {
            if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            event.stopPropagation();
            event.dataTransfer.dropEffect = "move";
            setOver(stage);
          },
          onDragLeave: (event: DragEvent<HTMLElement>) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
          },
          onDrop: (event: DragEvent<HTMLElement>) => {
            event.preventDefault();
            event.stopPropagation();
            setOver(null);
            const id = Number(event.dataTransfer.getData(DRAG_TYPE));
            const row = rows.find((candidate) => candidate.id === id);
            if (row) request(row, stage);
          },
        }
      : {};

  const carried = carry.phase === "carrying" ? rows.find((row) => row.id === carry.id) : undefined;
  const target = carry.phase === "carrying" && carry.target !== carry.from ? carry.target : null;

  const cardList = (stage: string) => (
    <ul className="csc-board-column__cards">
      {(byStage.get(stage) ?? []).map((row) => (
        <BoardCard
          key={row.id}
          row={row}
          stages={order.all}
          busy={moving === row.id}
          carried={carry.phase === "carrying" && carry.id === row.id}
          draggable={Boolean(onMove) && !row.withdrawn_at}
          dragType={DRAG_TYPE}
          onMove={onMove && !row.withdrawn_at ? (to) => request(row, to) : undefined}
          onOpen={() => onOpen(row.id)}
          onKeyDown={(event) => onCardKey(event, row)}
          onBlur={() => onCardBlur(row)}
        />
      ))}
      {target === stage && carried ? (
        <li className="csc-board-ghost" aria-hidden="true">
          {carried.full_name}
        </li>
      ) : null}
    </ul>
  );

  const style = {
    "--csc-board-column": token.colorFillQuaternary,
    "--csc-board-card": token.colorBgContainer,
    "--csc-board-muted": token.colorTextSecondary,
  } as CSSProperties;
  const count = (stage: string) => byStage.get(stage)?.length ?? 0;
  const closedTotal = order.closing.reduce((sum, stage) => sum + count(stage), 0);
  const lit = (stage: string) => over === stage || target === stage;

  return (
    <Spin spinning={loading}>
      <BoardSummary
        open={order.open.map((stage) => ({ stage, label: label("stage", stage), count: count(stage) }))}
        closed={order.closing.length ? { label: t("boardMove.closed"), count: closedTotal } : null}
        onJump={(stage) => {
          if (stage === "closed") setClosedOpen(true);
          const column = board.current?.querySelector<HTMLElement>(
            stage === "closed" ? ".csc-board-column--closed" : `[data-stage="${stage}"]`,
          );
          column?.scrollIntoView({ block: "nearest", inline: "start" });
          (column?.querySelector<HTMLElement>("[data-applicant]") ?? column)?.focus();
        }}
      />
      <div
        ref={board}
        className={`csc-applicant-board${carry.phase === "carrying" ? " is-carrying" : ""}`}
        style={style}
        data-testid="applicants-board"
        aria-describedby="csc-board-help"
      >
        <p id="csc-board-help" className="csc-visually-hidden">
          {onMove ? t("board.help") : t("board.helpReadOnly")}
        </p>
        {order.open.map((stage) => {
          const title = label("stage", stage);
          return (
            <section
              key={stage}
              className={`csc-board-column${lit(stage) ? " is-over" : ""}`}
              aria-label={t("board.column", { stage: title, count: count(stage) })}
              data-stage={stage}
              tabIndex={-1}
              {...dropZone(stage)}
            >
              <header className="csc-board-column__head">
                <span>{title}</span>
                <span className="csc-board-column__count">{number(count(stage))}</span>
              </header>
              {cardList(stage)}
            </section>
          );
        })}
        {order.closing.length ? (
          <section
            className={`csc-board-column csc-board-column--closed${closedOpen ? " is-open" : ""}`}
            aria-label={t("boardMove.closedColumn", { count: closedTotal })}
            tabIndex={-1}
            data-testid="board-closed"
          >
            <header className="csc-board-column__head">
              <button
                type="button"
                className="csc-board-closed__toggle"
                aria-expanded={closedOpen}
                onClick={() => setClosedOpen((value) => !value)}
                data-testid="board-closed-toggle"
              >
                <span aria-hidden="true">{closedOpen ? "▾" : "▸"}</span> {t("boardMove.closed")}
              </button>
              <span className="csc-board-column__count">{number(closedTotal)}</span>
            </header>
            {order.closing.map((stage) => {
              const title = label("stage", stage);
              return (
                <section
                  key={stage}
                  className={`csc-board-substage${lit(stage) ? " is-over" : ""}`}
                  aria-label={t("board.column", { stage: title, count: count(stage) })}
                  data-stage={stage}
                  {...dropZone(stage)}
                >
                  <div className="csc-board-substage__head">
                    <span>{title}</span>
                    <span className="csc-board-column__count">{number(count(stage))}</span>
                  </div>
                  {closedOpen ? cardList(stage) : null}
                </section>
              );
            })}
          </section>
        ) : null}
      </div>
      <div className="csc-visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="board-live">
        {announcement}
      </div>
      <ClosingStageConfirm
        open={confirm !== null}
        names={confirm ? [confirm.row.full_name] : []}
        stage={confirm ? label("stage", confirm.stage) : ""}
        onCancel={() => {
          if (confirm) say(t("boardMove.notMoved", { name: confirm.row.full_name }));
          returnTo.current = confirm?.row.id ?? null;
          setConfirm(null);
        }}
        onConfirm={() => {
          returnTo.current = confirm?.row.id ?? null;
          if (confirm) void move(confirm.row, confirm.stage);
          setConfirm(null);
        }}
        afterClose={() => {
          // the dialog may have been opened from the card's menu: the keyboard goes back to the card
          // (once moved, the card in its new column takes it again: the effect above)
          if (returnTo.current !== null) cardElement(returnTo.current)?.focus();
          returnTo.current = null;
        }}
      />
    </Spin>
  );
}
