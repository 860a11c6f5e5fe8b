import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CONTACT_KEYS } from "@csc/shared";
import { Button, Input } from "antd";
import { useTranslation } from "react-i18next";
import type { ContactPerson } from "../../engine/display/RecordTables";
import { contactProblem } from "../../engine/form/rules";
import type { FieldInputProps } from "./types";

const INPUT_TYPES: Record<(typeof CONTACT_KEYS)[number], string> = {
  full_name: "text",
  email: "email",
  designation: "text",
  phone_no: "tel",
};

/** Contact persons (full name, e-mail, designation, phone), as many as needed. */
export function ContactsInput({ value, onChange, onBlur, id, status }: FieldInputProps) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? (value as ContactPerson[]) : [];
  const update = (index: number, key: keyof ContactPerson, text: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: text } : row)));
  const remove = (index: number) => onChange(rows.filter((_row, at) => at !== index));
  const add = () => onChange([...rows, { full_name: "", email: "", designation: "", phone_no: "" }]);

  return (
    <div className="csc-repeat" id={id}>
      {rows.map((row, index) => {
        // once the form has found a problem, point at the cell it is in
        const problem = status === "error" ? contactProblem(row, t) : null;
        const rowLabel = t("resources.contactN", { n: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <fieldset className="csc-repeat__row csc-repeat__row--contact" key={index}>
            <legend className="csc-visually-hidden">{rowLabel}</legend>
            {CONTACT_KEYS.map((key) => (
              <Input
                key={key}
                type={INPUT_TYPES[key]}
                value={row[key] ?? ""}
                placeholder={t(`fields:${key}`)}
                aria-label={`${rowLabel}: ${t(`fields:${key}`)}`}
                aria-required={key === "full_name"}
                status={problem?.key === key ? "error" : undefined}
                onChange={(event) => update(index, key, event.target.value)}
                onBlur={onBlur}
                data-contact-field={key}
              />
            ))}
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("resources.removeRow", { row: rowLabel })}
              onClick={() => remove(index)}
            />
          </fieldset>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={add} className="csc-repeat__add">
        {t("resources.addContact")}
      </Button>
    </div>
  );
}
