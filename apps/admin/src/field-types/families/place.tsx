import { fieldType } from "@csc/shared";
import { useTranslation } from "react-i18next";
import { filterValue, withFilter } from "../../engine/list/filters";
import type { FieldMeta } from "../../engine/types";
import { type LocationLevel, usePlaceName } from "../inputs/locations";
import { PlaceSelect } from "../inputs/PlaceSelect";
import type { FieldFilterProps, FieldInputProps, FieldTypeView, FieldValueProps } from "../types";

/** The field of the level above a place field's (a district's province), among the resource's fields. */
function parentFieldOf(field: FieldMeta, fields: FieldMeta[]): FieldMeta | undefined {
  const depth = fieldType(field.type).place?.depth ?? 0;
  return fields.find((candidate) => fieldType(candidate.type).place?.depth === depth - 1);
}

/** The place fields below a place field's level (a province's district and municipality). */
const fieldsBelow = (field: FieldMeta, fields: FieldMeta[]) => {
  const depth = fieldType(field.type).place?.depth ?? 0;
  return fields.filter((candidate) => (fieldType(candidate.type).place?.depth ?? -1) > depth);
};

/** One level of the Nepal cascade (province → district → municipality), by its field type. */
export function placeView(level: LocationLevel): FieldTypeView {
  function PlaceValue({ field, record, fields }: FieldValueProps) {
    const parentField = parentFieldOf(field, fields);
    const name = usePlaceName(level, record[field.name], parentField ? record[parentField.name] : null);
    return <>{name ?? `#${String(record[field.name])}`}</>;
  }

  function PlaceInput({ value, onChange, onBlur, id, status, parentId }: FieldInputProps) {
    const { t } = useTranslation();
    return (
      <PlaceSelect
        id={id}
        status={status}
        level={level}
        parentId={parentId ?? null}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        allowClear
        placeholder={t("resources.choose")}
      />
    );
  }

  function PlaceFilter({ field, fields, filters, onChange, common }: FieldFilterProps) {
    const parentField = parentFieldOf(field, fields);
    const parentValue = parentField ? filterValue(filters, parentField.name) : null;
    const eq = filterValue(filters, field.name);
    const setPlace = (value: number | null) => {
      let next = withFilter(filters, field.name, "eq", value);
      // a new province or district empties the levels below it
      for (const child of fieldsBelow(field, fields)) next = withFilter(next, child.name, "eq", null);
      onChange(next);
    };
    return (
      <PlaceSelect
        {...common}
        level={level}
        parentId={parentValue ? Number(parentValue) : null}
        value={eq ? Number(eq) : null}
        onChange={setPlace}
      />
    );
  }

  return { Cell: PlaceValue, Input: PlaceInput, Filter: PlaceFilter };
}
