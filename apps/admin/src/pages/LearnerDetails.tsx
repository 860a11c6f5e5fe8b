import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { MENU_ICONS } from "../layout/menu-icons";

/** Spec §2: student and employee detail pages, open to every admin-area user. */
export default function LearnerDetails({ kind, id }: { kind: "students" | "employees"; id: string }) {
  const { t } = useTranslation();
  const title = t(kind === "students" ? "learnerDetails.student" : "learnerDetails.employee");
  return (
    <>
      <PageHeader title={title} back={<BackLink />} subtitle={`#${id}`} />
      <AppCard title={title} icon={MENU_ICONS[kind]}>
        <EmptyState message={t("empty.message")} description={t("empty.description")} />
      </AppCard>
    </>
  );
}
