import type { Subject } from "@csc/shared";
import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { EmptyState, useAddInstitutionDropdown } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { behaviourOf } from "../resources";
import { MENU_ICONS } from "../shell/layout/menu-icons";
import { currentAbility } from "../shell/providers/access-control";
import type { MenuPageProps } from "../shell/routes/MenuRouteContext";

/** A menu entry whose own screens come later: its title, and an empty state in its place. */
export default function MenuEntryPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  const addInstitution = useAddInstitutionDropdown();
  const canAddInstitution =
    behaviourOf(entry.name).createFrom === "add-institution-menu" &&
    currentAbility().can("create", entry.name as Subject);
  return (
    <>
      <PageHeader title={title} />
      <AppCard title={title} icon={MENU_ICONS[entry.name]}>
        <EmptyState
          message={t("empty.message")}
          description={t("empty.description")}
          dropdown={canAddInstitution ? addInstitution : undefined}
        />
      </AppCard>
    </>
  );
}
