import { useList } from "@refinedev/core";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { PageHeader } from "../components/PageHeader";
import { behaviourOf } from "../resources";
import { useSession } from "../shell/session/SessionContext";
import ResourceForm from "./ResourceForm";
import ResourceShow from "./ResourceShow";
import { can, type ResourceScreen } from "./screen";
import type { ResourceRecord } from "./types";

function NoRecord({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="csc-resource" data-testid="resource-show">
      <PageHeader title={title} />
      <AppCard>
        <Result status="404" title={t("resources.notFound")} data-testid="resource-not-found" />
      </AppCard>
    </div>
  );
}

/** An entry whose list holds exactly the caller's one record (the institution's plan). */
function OwnPlan({ screen }: { screen: ResourceScreen }) {
  const { result, query } = useList<ResourceRecord>({
    resource: screen.meta.name,
    pagination: { currentPage: 1, pageSize: 1 },
    errorNotification: false,
  });
  const plan = result.data[0];
  if (query.isLoading) {
    return (
      <div className="csc-resource">
        <PageHeader title={screen.title} />
        <AppCard loading skeletonRows={8} />
      </div>
    );
  }
  if (!plan) return <NoRecord title={screen.title} />;
  return <ResourceShow screen={screen} id={plan.id} heading={screen.title} standalone />;
}

/**
 * Entries that are one record, the caller's own (resources/index.ts: Your College / Your
 * Company, the recruiter's Company Profile, the institution's plan): the record the session names,
 * or the one record of the caller's list. The record page has an Edit button where the user may
 * update it.
 */
export default function SingleRecordPage({ screen, editing }: { screen: ResourceScreen; editing: boolean }) {
  const { user } = useSession();
  const { meta, entry, paths, title } = screen;
  const recordId = behaviourOf(entry.name).singleRecord?.recordId;
  if (!recordId) return <OwnPlan screen={screen} />;
  const id = recordId(user);
  if (!id) return <NoRecord title={title} />;
  const query = paths.home.slice(paths.base.length);
  if (editing && can(meta, "update")) {
    return <ResourceForm screen={screen} action="edit" id={id} heading={title} returnTo={paths.home} />;
  }
  return <ResourceShow screen={screen} id={id} heading={title} editPath={`${paths.base}/edit${query}`} standalone />;
}
