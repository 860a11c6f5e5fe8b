import { FilterOutlined, SearchOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import { Badge, Button, Form, Popover } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldMeta } from "../types";
import { DebouncedInput } from "./DebouncedInput";
import { FilterControl } from "./FilterControl";
import { activeFilterCount, filterValue, splitFilters, withFilter } from "./filters";

interface FilterBarProps {
  fields: FieldMeta[];
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
}

/**
 * The list's search box (`q`, when a field is searchable), its first select-like filters inline,
 * the others under "Filters", and a way to clear them all. Every change lands in the URL.
 */
export function FilterBar({ fields, filters, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const searchable = fields.some((field) => field.search);
  const { quick, more } = splitFilters(fields);
  const moreActive = activeFilterCount(
    filters,
    more.map((field) => field.name),
  );
  const anyActive = activeFilterCount(filters) > 0 || Boolean(filterValue(filters, "q"));

  return (
    <div className="csc-filter-bar">
      {searchable ? (
        <DebouncedInput
          className="csc-filter-bar__search"
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t("resources.searchPlaceholder")}
          aria-label={t("resources.search")}
          allowClear
          value={String(filterValue(filters, "q") ?? "")}
          onCommit={(value) => onChange(withFilter(filters, "q", "eq", value.trim()))}
          data-testid="resource-search"
        />
      ) : null}
      {quick.map((field) => (
        <FilterControl key={field.name} field={field} fields={fields} filters={filters} onChange={onChange} inline />
      ))}
      {more.length > 0 ? (
        <Popover
          trigger="click"
          placement="bottomLeft"
          title={t("resources.filters")}
          content={
            <Form layout="vertical" className="csc-filter-popover" component="div">
              {more.map((field) => (
                <Form.Item key={field.name} label={t(field.labelKey, { defaultValue: field.label })}>
                  <FilterControl field={field} fields={fields} filters={filters} onChange={onChange} />
                </Form.Item>
              ))}
            </Form>
          }
        >
          <Badge count={moreActive} size="small" offset={[-4, 4]}>
            <Button icon={<FilterOutlined />} data-testid="more-filters">
              {t("resources.filters")}
            </Button>
          </Badge>
        </Popover>
      ) : null}
      {anyActive ? (
        <Button type="link" onClick={() => onChange([])} data-testid="clear-filters">
          {t("resources.clearFilters")}
        </Button>
      ) : null}
    </div>
  );
}
