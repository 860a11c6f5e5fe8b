import { useQuery } from "@tanstack/react-query";
import { Select, type SelectProps, Spin } from "antd";
import { useEffect, useMemo, useState } from "react";
import { fetchRelationOptions, useRelationLabels } from "../../engine/display/useRelationLabels";
import type { FieldMeta } from "../../engine/types";
import { useSelectStyle } from "./useSelectStyle";

interface RelationSelectProps
  extends Omit<SelectProps, "value" | "onChange" | "options" | "mode" | "variant" | "classNames" | "listHeight"> {
  field: FieldMeta;
  value: unknown;
  onChange: (value: number | null) => void;
}

const SEARCH_DELAY_MS = 250;

/** A related row, searched on the server through the field's options endpoint (`?q=`), labelled by `?id=`. */
export function RelationSelect({ field, value, onChange, ...rest }: RelationSelectProps) {
  const optionsUrl = field.relation?.optionsUrl ?? "";
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const found = useQuery({
    queryKey: ["csc", "relation-options", optionsUrl, query],
    queryFn: () => fetchRelationOptions(optionsUrl, { q: query }),
    enabled: Boolean(optionsUrl) && (opened || query !== ""),
    staleTime: 30_000,
  });
  const current = typeof value === "number" ? value : null;
  const currentLabels = useRelationLabels(field, current ? [current] : []);

  const options = useMemo(() => {
    const list = (found.data ?? []).map((option) => ({ value: option.value, label: option.label }));
    if (current && !list.some((option) => option.value === current)) {
      list.unshift({ value: current, label: currentLabels.get(current) ?? `#${current}` });
    }
    return list;
  }, [found.data, current, currentLabels]);
  const style = useSelectStyle(options.length);

  return (
    <Select
      {...style}
      {...rest}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setSearch("");
      }}
      options={options}
      value={current ?? undefined}
      onChange={(next: number | undefined) => onChange(next ?? null)}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      loading={found.isFetching}
    />
  );
}
