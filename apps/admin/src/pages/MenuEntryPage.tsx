import { useTranslation } from "react-i18next";
import { AppCard } from "../components/AppCard";
import { EmptyState, useAddInstitutionDropdown } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { MENU_ICONS } from "../layout/menu-icons";
import { currentAbility } from "../providers/access-control";
import type { MenuPageProps } from "../routes/pages";

/** A menu entry whose own screens come later: its title, and an empty state in its place. */
export default function MenuEntryPage({ entry }: MenuPageProps) {
  const { t } = useTranslation();
  const title = t(`menu.${entry.labelKey}`, { defaultValue: entry.label });
  const addInstitution = useAddInstitutionDropdown();
  const canAddInstitution = entry.name === "institutions" && currentAbility().can("create", "institutions");
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
