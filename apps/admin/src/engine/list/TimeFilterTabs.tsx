import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import type { TimeFilterName } from "../types";

/** Time filters (`?type=`): ongoing, upcoming, expired for events; current, expired for deadlines. */
export function TimeFilterTabs({
  filters,
  active,
  onChange,
}: {
  filters: TimeFilterName[];
  active: TimeFilterName;
  onChange: (filter: TimeFilterName) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="csc-time-tabs"
      activeKey={active}
      onChange={(key) => onChange(key as TimeFilterName)}
      items={filters.map((filter) => ({ key: filter, label: t(`enums:timeFilter.${filter}`) }))}
    />
  );
}

/** The time filter a list shows: the one in the address when the resource knows it, else the first. */
export function resolveTimeFilter(filters: TimeFilterName[], requested: string | null): TimeFilterName | null {
  if (filters.length === 0) return null;
  return filters.find((filter) => filter === requested) ?? filters[0] ?? null;
}
