import { PlayCircleOutlined, SettingOutlined } from "@ant-design/icons";
import { isProviderRole, TUTORIALS_PATH } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Skeleton, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { AppCard } from "../components/AppCard";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { can } from "../engine/screen";
import { useResourceMeta } from "../engine/useResourceMeta";
import { useSession } from "../shell/session/SessionContext";
import { HelpArticles } from "./HelpArticles";
import { TutorialCard } from "./TutorialCard";
import { fetchTutorials, TUTORIALS_QUERY_KEY, type Tutorial } from "./tutorials";
import { UnansweredQuestions } from "./UnansweredQuestions";
import "./help.css";

/** Provider staff who may change the tutorials open their list from here (the menus stay as they are). */
function ManageTutorialsLink() {
  const { t } = useTranslation("help");
  const meta = useResourceMeta("tutorials");
  if (!meta || !(can(meta, "create") || can(meta, "update"))) return null;
  return (
    <Link to={TUTORIALS_PATH}>
      <Button icon={<SettingOutlined />} data-testid="manage-tutorials">
        {t("tutorials.manage")}
      </Button>
    </Link>
  );
}

/** The tutorials about the screen the Help link came from first, the others after, each in its order. */
const forScreenFirst = (tutorials: Tutorial[], screen: string | null) =>
  screen ? [...tutorials.filter((t) => t.topic === screen), ...tutorials.filter((t) => t.topic !== screen)] : tutorials;

function TutorialsSection() {
  const { t } = useTranslation("help");
  const tutorials = useQuery({ queryKey: TUTORIALS_QUERY_KEY, queryFn: fetchTutorials });
  const screen = useSearchParams()[0].get("topic");
  useTutorialAnchor(tutorials.isSuccess);
  return (
    <AppCard
      title={<h2 className="csc-help__section-title">{t("tutorials.title")}</h2>}
      icon={<PlayCircleOutlined />}
      actions={<ManageTutorialsLink />}
    >
      {tutorials.isPending ? (
        <Skeleton active />
      ) : tutorials.isError ? (
        <Alert type="error" showIcon message={t("loadFailed")} />
      ) : tutorials.data.length === 0 ? (
        <EmptyState message={t("tutorials.none")} />
      ) : (
        <ul className="csc-tutorials" aria-label={t("tutorials.title")}>
          {forScreenFirst(tutorials.data, screen).map((tutorial) => (
            <li key={tutorial.id}>
              <TutorialCard tutorial={tutorial} />
            </li>
          ))}
        </ul>
      )}
    </AppCard>
  );
}

/** `#tutorial-<id>` (the assistant's link to a video) scrolls to that tutorial once the list is shown. */
function useTutorialAnchor(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash.startsWith("#tutorial-")) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ block: "center" });
    target?.closest("article")?.querySelector<HTMLElement>("button")?.focus({ preventScroll: true });
  }, [hash, ready]);
}

/** The Help page of every role: the tutorials meant for them and the help articles for their role. */
export default function HelpPage() {
  const { t } = useTranslation("help");
  const { role } = useSession();
  return (
    <div className="csc-help">
      <PageHeader title={t("title")} subtitle={<Typography.Text type="secondary">{t("subtitle")}</Typography.Text>} />
      <TutorialsSection />
      <HelpArticles />
      {isProviderRole(role) ? <UnansweredQuestions /> : null}
    </div>
  );
}
