import { QuestionCircleOutlined } from "@ant-design/icons";
import type { UnansweredQuestion } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Alert, Skeleton, Table } from "antd";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { formatDateTime } from "../engine/display/format";
import { http } from "../shell/providers/http";
import { useLanguage } from "../shell/providers/i18n";

async function fetchUnanswered(): Promise<UnansweredQuestion[]> {
  const { data } = await http.get<{ data: UnansweredQuestion[] }>("/api/help/questions");
  return data.data;
}

/** For provider staff: what the assistant could not answer lately, to improve the help. */
export function UnansweredQuestions() {
  const { t } = useTranslation(["help", "enums"]);
  const language = useLanguage();
  const questions = useQuery({ queryKey: ["help", "questions"], queryFn: fetchUnanswered });
  return (
    <AppCard
      title={<h2 className="csc-help__section-title">{t("unanswered.title")}</h2>}
      icon={<QuestionCircleOutlined />}
    >
      {questions.isPending ? (
        <Skeleton active />
      ) : questions.isError ? (
        <Alert type="error" showIcon message={t("loadFailed")} />
      ) : (
        <Table<UnansweredQuestion>
          rowKey="id"
          size="small"
          data-testid="unanswered-questions"
          dataSource={questions.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t("unanswered.none") }}
          columns={[
            { key: "question", title: t("unanswered.question"), dataIndex: "question" },
            {
              key: "language",
              title: t("unanswered.language"),
              dataIndex: "language",
              render: (language: string) => (language === "np-NP" ? "नेपाली" : "En"),
            },
            {
              key: "role_kind",
              title: t("unanswered.asker"),
              dataIndex: "role_kind",
              render: (kind: string) => t(`enums:roleKind.${kind}`),
            },
            {
              key: "asked_at",
              title: t("unanswered.askedAt"),
              dataIndex: "asked_at",
              render: (value: string) => formatDateTime(value, language),
            },
          ]}
        />
      )}
    </AppCard>
  );
}
