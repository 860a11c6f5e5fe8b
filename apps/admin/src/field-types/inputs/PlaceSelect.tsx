import { Select, type SelectProps } from "antd";
import { useLanguage } from "../../shell/providers/i18n";
import { type LocationLevel, placeName, usePlaces } from "./locations";
import { useSelectStyle } from "./useSelectStyle";

export interface PlaceSelectProps
  extends Omit<SelectProps, "value" | "onChange" | "options" | "mode" | "variant" | "classNames" | "listHeight"> {
  level: LocationLevel;
  /** The chosen province (for districts) or district (for municipalities). */
  parentId: number | null;
  value: unknown;
  onChange: (value: number | null) => void;
}

/** One level of the Nepal cascade; it waits for its parent to be chosen. Names in Nepali for np-NP. */
export function PlaceSelect({ level, parentId, value, onChange, disabled, ...rest }: PlaceSelectProps) {
  const language = useLanguage();
  const needsParent = level !== "province";
  const places = usePlaces(level, needsParent ? parentId : null);
  const options = (places.data ?? []).map((place) => ({ value: place.id, label: placeName(place, language) }));
  const style = useSelectStyle(options.length);
  return (
    <Select
      {...style}
      {...rest}
      showSearch
      optionFilterProp="label"
      options={options}
      loading={places.isFetching}
      disabled={disabled || (needsParent && parentId === null)}
      value={typeof value === "number" ? value : undefined}
      onChange={(next: number | undefined) => onChange(next ?? null)}
    />
  );
}
