import { UndoOutlined } from "@ant-design/icons";
import { DASHBOARD_GRANULARITIES, type DashboardGranularity, type DashboardRange } from "@csc/shared";
import { useList, useOne } from "@refinedev/core";
import { Button, Form, Select, Spin } from "antd";
import dayjs from "dayjs";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarRangePicker } from "../components/date-picker/CalendarDatePicker";
import { pickerFormat } from "../engine/display/format";
import { useSelectStyle } from "../field-types/inputs/useSelectStyle";
import { useLanguage } from "../shell/providers/i18n";
import type { DashboardQuery } from "./dashboardQuery";

const SEARCH_DELAY_MS = 250;
const INSTITUTIONS_SHOWN = 20;
/** In English and the Gregorian calendar the formatter's short date is dayjs's own: typed dates are read as it or ISO. */

interface DashboardFiltersProps {
  query: DashboardQuery;
  /** The range the last answer counted over (the server's default when the URL names none). */
  range: DashboardRange | undefined;
  onChange: (query: DashboardQuery) => void;
  /** Provider staff choose one institution or the whole platform. */
  withInstitution: boolean;
  /** The API's field errors of a refused range (400 `errors`), shown under their control. */
  errors?: Record<string, string | string[]>;
}

const errorText = (errors: DashboardFiltersProps["errors"], ...fields: string[]) =>
  fields
    .flatMap((field) => errors?.[field] ?? [])
    .flat()
    .join(" ") || undefined;

/** The dashboard's date range, granularity and (provider staff) institution, all kept in the URL. */
export function DashboardFilters({ query, range, onChange, withInstitution, errors }: DashboardFiltersProps) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const style = useSelectStyle(DASHBOARD_GRANULARITIES.length);
  const ids = { range: useId(), granularity: useId(), institution: useId() };
  const from = query.from ?? range?.from;
  const to = query.to ?? range?.to;
  const granularity = query.granularity ?? range?.granularity;
  const rangeError = errorText(errors, "from", "to");
  const granularityError = errorText(errors, "granularity");
  const institutionError = errorText(errors, "institution_id");

  return (
    <Form
      layout="vertical"
      className="csc-dashboard-filters"
      component="div"
      role="group"
      aria-label={t("filters.label")}
    >
      <Form.Item
        label={t("filters.range")}
        htmlFor={ids.range}
        validateStatus={rangeError ? "error" : undefined}
        help={rangeError}
      >
        <CalendarRangePicker
          id={ids.range}
          data-testid="dashboard-range"
          allowClear={false}
          placeholder={[t("filters.from"), t("filters.to")]}
          format={pickerFormat(language)}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            if (start && end) onChange({ ...query, from: start.format("YYYY-MM-DD"), to: end.format("YYYY-MM-DD") });
          }}
        />
      </Form.Item>
      <Form.Item
        label={t("filters.granularity")}
        htmlFor={ids.granularity}
        validateStatus={granularityError ? "error" : undefined}
        help={granularityError}
      >
        <Select<DashboardGranularity>
          {...style}
          id={ids.granularity}
          data-testid="dashboard-granularity"
          className="csc-dashboard-filters__granularity"
          value={granularity}
          options={DASHBOARD_GRANULARITIES.map((value) => ({ value, label: t(`granularity.${value}`) }))}
          onChange={(value) => onChange({ ...query, granularity: value })}
        />
      </Form.Item>
      {withInstitution ? (
        <Form.Item
          label={t("filters.institution")}
          htmlFor={ids.institution}
          validateStatus={institutionError ? "error" : undefined}
          help={institutionError}
        >
          <InstitutionPicker
            id={ids.institution}
            value={query.institutionId}
            onChange={(institutionId) => onChange({ ...query, institutionId })}
          />
        </Form.Item>
      ) : null}
      {query.from || query.to || query.granularity || query.institutionId ? (
        <div className="csc-dashboard-filters__reset">
          <Button icon={<UndoOutlined />} onClick={() => onChange({})} data-testid="dashboard-reset">
            {t("filters.reset")}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

/** Institutions searched by name through the institutions list (`GET /api/institutions?q=`). */
function InstitutionPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | undefined;
  onChange: (institutionId: number | undefined) => void;
}) {
  const { t } = useTranslation("dashboard");
  const style = useSelectStyle();
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useList<{ id: number; name: string }>({
    resource: "institutions",
    pagination: { currentPage: 1, pageSize: INSTITUTIONS_SHOWN },
    filters: term ? [{ field: "q", operator: "eq", value: term }] : [],
    sorters: [{ field: "name", order: "asc" }],
    errorNotification: false,
  });
  const current = useOne<{ id: number; name: string }>({
    resource: "institutions",
    id: value ?? 0,
    errorNotification: false,
    queryOptions: { enabled: value !== undefined, retry: false },
  });
  const options = useMemo(() => {
    const list = found.result.data.map((institution) => ({ value: institution.id, label: institution.name }));
    if (value !== undefined && !list.some((option) => option.value === value)) {
      list.unshift({ value, label: current.result?.name ?? `#${value}` });
    }
    return list;
  }, [found.result.data, value, current.result]);

  return (
    <Select<number>
      {...style}
      id={id}
      data-testid="dashboard-institution"
      className="csc-dashboard-filters__institution"
      showSearch
      allowClear
      filterOption={false}
      placeholder={t("filters.allInstitutions")}
      onSearch={setSearch}
      onOpenChange={(open) => {
        if (!open) setSearch("");
      }}
      options={options}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      notFoundContent={found.query.isFetching ? <Spin size="small" /> : undefined}
      loading={found.query.isFetching}
    />
  );
}
