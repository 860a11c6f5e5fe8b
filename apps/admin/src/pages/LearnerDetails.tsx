import { flattenMenu, type MenuItem } from "@csc/shared";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { pathsFor } from "../engine/paths";
import ResourceShow from "../engine/ResourceShow";
import { useResourceMeta } from "../engine/useResourceMeta";
import { useMenuRoute } from "../shell/routes/MenuRouteContext";
import { useSession } from "../shell/session/SessionContext";

/** Student and employee detail pages, open to every admin-area user (the API decides whose). */
export default function LearnerDetails() {
  const { page } = useMenuRoute();
  if (page.kind !== "learner-details") throw new Error("LearnerDetails outside a learner details path");
  return <LearnerDetailsOf kind={page.resource} id={page.id} />;
}

function LearnerDetailsOf({ kind, id }: { kind: "students" | "employees"; id: string }) {
  const { t } = useTranslation();
  const { menu } = useSession();
  const meta = useResourceMeta(kind);
  const title = t(kind === "students" ? "learnerDetails.student" : "learnerDetails.employee");
  const own = flattenMenu(menu).find((item) => item.name === kind && item.path);
  const entry: MenuItem = own ?? {
    name: kind,
    label: title,
    labelKey: kind,
    path: `/admin/learners/${kind}`,
    disabled: false,
  };

  if (!meta) {
    return (
      <div className="csc-resource" data-testid="resource-show">
        <PageHeader title={title} back={<BackLink />} subtitle={`#${id}`} />
        <AppCard>
          <Result status="404" title={t("resources.notFound")} data-testid="resource-not-found" />
        </AppCard>
      </div>
    );
  }
  const screen = {
    meta,
    entry,
    title: t(`menu.${entry.labelKey}`, { defaultValue: entry.label }),
    paths: pathsFor(entry),
  };
  return <ResourceShow screen={screen} id={id} heading={title} standalone={!own} />;
}
