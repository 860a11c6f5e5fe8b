import { TableOutlined } from "@ant-design/icons";
import { Button, Checkbox, Popover } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldMeta } from "../types";

interface ColumnChooserProps {
  candidates: FieldMeta[];
  visible: string[];
  onChange: (names: string[]) => void;
  onReset: () => void;
  isDefault: boolean;
}

/** Shows or hides the list's columns; the choice is remembered per resource (useColumnVisibility). */
export function ColumnChooser({ candidates, visible, onChange, onReset, isDefault }: ColumnChooserProps) {
  const { t } = useTranslation();
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...visible, name] : visible.filter((candidate) => candidate !== name);
    // in field order, and never no column at all
    if (next.length > 0) onChange(candidates.map((field) => field.name).filter((field) => next.includes(field)));
  };
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t("resources.columnsHint")}
      content={
        <div className="csc-column-chooser">
          <ul>
            {candidates.map((field) => {
              const checked = visible.includes(field.name);
              return (
                <li key={field.name}>
                  <Checkbox
                    checked={checked}
                    disabled={checked && visible.length === 1}
                    onChange={(event) => toggle(field.name, event.target.checked)}
                  >
                    {t(field.labelKey, { defaultValue: field.label })}
                  </Checkbox>
                </li>
              );
            })}
          </ul>
          <Button size="small" type="link" onClick={onReset} disabled={isDefault}>
            {t("resources.resetColumns")}
          </Button>
        </div>
      }
    >
      <Button icon={<TableOutlined />} data-testid="column-chooser">
        {t("resources.columns")}
      </Button>
    </Popover>
  );
}
