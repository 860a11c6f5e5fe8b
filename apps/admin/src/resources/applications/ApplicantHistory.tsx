import { LockOutlined, RollbackOutlined } from "@ant-design/icons";
import type { HistoryEntry } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Alert, Empty, Skeleton, Tag, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../engine/display/format";
import { http } from "../../shell/providers/http";
import { useLanguage } from "../../shell/providers/i18n";

export const historyKey = (id: number) => ["application-history", id] as const;

function useApplicantHistory(id: number) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: async () => (await http.get<HistoryEntry[]>(`/api/applications/${id}/history`)).data,
  });
}

/**
 * The application's history as staff read it: each change from what to what, by whom and when,
 * the message sent with it, a note on its own, the internal notes marked as such, the undone
 * changes marked as undone.
 */
export function ApplicantHistory({
  id,
  shown,
}: {
  id: number;
  /** A tracked value in words (a stage's label, a percentage…). */
  shown: (field: string, value: string | number | null) => string;
}) {
  const { t } = useTranslation("pipeline");
  const language = useLanguage();
  const history = useApplicantHistory(id);
  const fieldName = (field: string) => t(`detail.fields.${field}`, { defaultValue: field });

  const what = (entry: HistoryEntry) => {
    // an internal note is said by its tag alone
    if (entry.field === "note") return entry.internal ? null : t("drawer.history.message");
    if (entry.field === "withdrawn_at") return t("detail.withdrew");
    if (entry.field === "stage" && entry.from === null)
      return t("detail.applied", { stage: shown(entry.field, entry.to) });
    return t("detail.change", {
      field: fieldName(entry.field),
      from: shown(entry.field, entry.from),
      to: shown(entry.field, entry.to),
    });
  };

  return (
    <section className="csc-applicant-history-section" aria-labelledby={`csc-history-${id}`}>
      <Typography.Title level={3} className="csc-drawer-section__title" id={`csc-history-${id}`}>
        {t("detail.history")}
      </Typography.Title>
      {history.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : history.isError ? (
        <Alert type="warning" showIcon message={(history.error as Error)?.message ?? t("detail.loadFailed")} />
      ) : (history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("detail.noHistory")} />
      ) : (
        <Timeline
          className="csc-applicant-history"
          items={(history.data ?? []).map((entry, index) => ({
            key: `${entry.at}-${index}`,
            color: entry.internal ? "purple" : entry.undone ? "gray" : "blue",
            dot: entry.internal ? <LockOutlined /> : entry.undone ? <RollbackOutlined /> : undefined,
            children: (
              <div
                className={`csc-history-entry${entry.internal ? " csc-history-entry--internal" : ""}${entry.undone ? " csc-history-entry--undone" : ""}`}
                data-testid="history-entry"
                data-field={entry.field}
                data-internal={entry.internal ? "true" : undefined}
                data-undone={entry.undone ? "true" : undefined}
              >
                <div className="csc-history-entry__change">
                  {entry.internal ? (
                    <Tag color="purple" className="csc-history-entry__tag" data-testid="history-internal">
                      {t("drawer.history.internalTag")}
                    </Tag>
                  ) : null}
                  {entry.undone ? (
                    <Tag className="csc-history-entry__tag" data-testid="history-undone">
                      {t("drawer.history.undoneTag")}
                    </Tag>
                  ) : null}
                  {what(entry)}
                </div>
                <div className="csc-history-entry__meta">
                  {t("detail.by", {
                    name: entry.by?.full_name || t("detail.system"),
                    at: formatDateTime(entry.at, language) ?? entry.at,
                  })}
                </div>
                {entry.note ? (
                  <div className="csc-history-entry__note" data-testid="history-note">
                    {entry.field !== "note" ? (
                      <span className="csc-visually-hidden">
                        {entry.internal ? t("drawer.history.internalNote") : t("drawer.history.message")}:{" "}
                      </span>
                    ) : null}
                    {entry.note}
                  </div>
                ) : null}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
