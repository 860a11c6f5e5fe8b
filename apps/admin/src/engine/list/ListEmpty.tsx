import { ClearOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { EmptyState, useAddInstitutionDropdown } from "../../components/EmptyState";
import { behaviourOf } from "../../resources";
import type { ResourcePaths } from "../paths";
import { can } from "../screen";
import type { ResourceMeta } from "../types";

/**
 * What a list says when it has no rows: that nothing matches the filters (and a way to clear
 * them), or that there is nothing yet (and a way to add the first — a college or a company for
 * institutions).
 */
export function ListEmpty({
  meta,
  paths,
  filtered,
  onClearFilters,
}: {
  meta: ResourceMeta;
  paths: ResourcePaths;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation();
  const addInstitution = useAddInstitutionDropdown(paths.base);
  const creatable = can(meta, "create");
  const institutions = behaviourOf(meta.name).createFrom === "add-institution-menu";
  return (
    <div data-testid="resource-empty">
      {filtered ? (
        <EmptyState
          message={t("resources.noResults")}
          description={t("resources.noResultsHint")}
          action={{ label: t("resources.clearFilters"), onClick: onClearFilters, icon: <ClearOutlined /> }}
        />
      ) : (
        <EmptyState
          message={t("empty.message")}
          description={t("empty.description")}
          action={creatable && !institutions ? { label: t("buttons.create"), to: paths.create } : undefined}
          dropdown={creatable && institutions ? addInstitution : undefined}
        />
      )}
    </div>
  );
}
