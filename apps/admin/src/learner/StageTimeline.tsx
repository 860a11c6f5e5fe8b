import { enumLabelKey, type GuestHistoryEntry } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Alert, Skeleton, Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../engine/display/format";
import { useLanguage } from "../shell/providers/i18n";
import { type Application, fetchHistory, type HistoryEntry } from "./applications";

/** The enum each tracked field's values are labelled by. */
const VALUE_ENUMS: Record<string, string> = {
  stage: "applicationStage",
  attendance: "attendance",
  completion_status: "completionStatus",
};

/** What the timeline shows of a change: the applicant's and the guest's entries, who made it when known. */
type TimelineEntry = GuestHistoryEntry & Pick<HistoryEntry, "by">;

export const historyQueryKey = (id: number) => ["learner", "application-history", id] as const;

/** "Stage: Shortlisted", "Withdrawn", "Grade: A"… — one change in the learner's words. */
function useChangeText() {
  const { t } = useTranslation();
  return (entry: TimelineEntry): string => {
    if (entry.field === "withdrawn_at") return t("learner:timeline.withdrawn");
    // a message to the applicant with no change: the note below says it
    if (entry.field === "note") return t("learner:timeline.message");
    if (entry.field === "stage" && entry.from === null) {
      return t("learner:timeline.applied", { stage: t(enumLabelKey("applicationStage", String(entry.to))) });
    }
    const enumName = VALUE_ENUMS[entry.field];
    const value = enumName ? t(enumLabelKey(enumName, String(entry.to))) : String(entry.to ?? "");
    return t("learner:timeline.change", { field: t(`learner:timeline.fields.${entry.field}`), value });
  };
}

/** An application's history as a timeline, oldest first (`GET /api/applications/{id}/history`). */
export function StageTimeline({ application }: { application: Application }) {
  const { t } = useTranslation();
  const history = useQuery({ queryKey: historyQueryKey(application.id), queryFn: () => fetchHistory(application.id) });
  if (history.isLoading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (history.isError) {
    return <Alert type="warning" showIcon message={t("learner:timeline.loadFailed")} />;
  }
  return <TimelineEntries entries={history.data ?? []} />;
}

/** History entries as a timeline, oldest first: what changed, when, by whom when known, and the note. */
export function TimelineEntries({ entries }: { entries: readonly TimelineEntry[] }) {
  const language = useLanguage();
  const changeText = useChangeText();
  return (
    <Timeline
      className="csc-stage-timeline"
      data-testid="stage-timeline"
      items={entries.map((entry, index) => ({
        key: `${entry.field}-${entry.at}-${index}`,
        color: entry.field === "withdrawn_at" ? "gray" : index === entries.length - 1 ? "blue" : "green",
        children: (
          <div className="csc-stage-timeline__entry">
            <div className="csc-stage-timeline__what">{changeText(entry)}</div>
            <div className="csc-stage-timeline__when">
              <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
              {entry.by ? ` · ${entry.by.full_name}` : null}
            </div>
            {entry.note ? <div className="csc-stage-timeline__note">{entry.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
