import { SearchOutlined } from "@ant-design/icons";
import { Button, Select } from "antd";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { DebouncedInput } from "../../engine/list/DebouncedInput";
import { type PipelineEnum, usePipelineLabels } from "./labels";
import { type Posting, stagesOf } from "./posting";
import type { ApplicantFilter, ApplicantViewState } from "./viewState";

/** Where an applicant came from, as the list filters it (no stored value means unknown: N/A). */
const ORIGINS = ["skill_lab", "college", "recruiter"];

/** The section's filters: stage (the posting's variant), attendance, origin, registration and a search. */
export function ApplicantFilters({
  posting,
  state,
  onFilter,
  onSearch,
  onClear,
  hideStage = false,
}: {
  posting: Posting;
  state: ApplicantViewState;
  onFilter: (field: ApplicantFilter, value: string | undefined) => void;
  onSearch: (q: string) => void;
  onClear: () => void;
  /** The board shows every stage side by side: no stage filter there. */
  hideStage?: boolean;
}) {
  const { t } = useTranslation("pipeline");
  const { options } = usePipelineLabels();
  const commitSearch = useCallback((q: string) => onSearch(q.trim()), [onSearch]);

  const select = (field: ApplicantFilter, name: PipelineEnum, only?: readonly unknown[]) => (
    <Select
      key={field}
      allowClear
      showSearch
      optionFilterProp="label"
      className="csc-filter--inline"
      placeholder={t(`filters.${field}`)}
      aria-label={t(`filters.${field}`)}
      value={state.filters[field]}
      onChange={(value?: string) => onFilter(field, value)}
      options={options(name, only)}
      data-testid={`applicants-filter-${field}`}
      popupMatchSelectWidth={false}
    />
  );

  const active = Object.values(state.filters).some(Boolean) || Boolean(state.q);
  return (
    <div className="csc-filter-bar" data-testid="applicants-filters">
      <DebouncedInput
        allowClear
        className="csc-filter-bar__search"
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={t("filters.search")}
        aria-label={t("filters.search")}
        value={state.q}
        onCommit={commitSearch}
        data-testid="applicants-search"
      />
      {hideStage ? null : select("stage", "stage", stagesOf(posting))}
      {select("attendance", "attendance")}
      {select("applicant_type", "applicant_type", ORIGINS)}
      {select("registration", "registration")}
      {active ? (
        <Button type="link" onClick={onClear} data-testid="applicants-clear-filters">
          {t("filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}
