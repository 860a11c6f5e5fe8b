import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { Question } from "../../engine/display/RecordTables";
import { questionProblem } from "../../engine/form/rules";
import type { FieldInputProps } from "./types";
import { useSelectStyle } from "./useSelectStyle";

/** A self assessment's questions: the question, its choices (typed as tags) and the right answer. */
export function QuestionsInput({ value, onChange, onBlur, id, status }: FieldInputProps) {
  const { t } = useTranslation();
  const style = useSelectStyle();
  const rows = Array.isArray(value) ? (value as Question[]) : [];
  const update = (index: number, patch: Partial<Question>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => onChange(rows.filter((_row, at) => at !== index));
  const add = () => onChange([...rows, { question: "", options: [], answer: null }]);

  return (
    <div className="csc-repeat" id={id}>
      {rows.map((row, index) => {
        const problem = status === "error" ? questionProblem(row, t) : null;
        const rowLabel = t("resources.questionN", { n: index + 1 });
        const options = row.options ?? [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions have no identity of their own
          <fieldset className="csc-question" key={index}>
            <div className="csc-question__head">
              <legend>{rowLabel}</legend>
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t("resources.removeRow", { row: rowLabel })}
                onClick={() => remove(index)}
              />
            </div>
            <Input.TextArea
              value={row.question ?? ""}
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder={t("fields:question")}
              aria-label={`${rowLabel}: ${t("fields:question")}`}
              status={problem?.key === "question" ? "error" : undefined}
              onChange={(event) => update(index, { question: event.target.value })}
              onBlur={onBlur}
            />
            <div className="csc-question__choices">
              <Select
                {...style}
                mode="tags"
                value={options}
                tokenSeparators={[","]}
                suffixIcon={null}
                notFoundContent={null}
                placeholder={t("resources.optionsPlaceholder")}
                aria-label={`${rowLabel}: ${t("fields:options")}`}
                onChange={(next: string[]) =>
                  update(index, { options: next, answer: row.answer && next.includes(row.answer) ? row.answer : null })
                }
              />
              {options.length > 0 ? (
                <Select
                  {...style}
                  allowClear
                  value={row.answer ?? undefined}
                  placeholder={t("fields:answer")}
                  aria-label={`${rowLabel}: ${t("fields:answer")}`}
                  status={problem?.key === "answer" ? "error" : undefined}
                  options={options.map((option) => ({ value: option, label: option }))}
                  onChange={(answer: string | undefined) => update(index, { answer: answer ?? null })}
                />
              ) : (
                <Input
                  value={row.answer ?? ""}
                  placeholder={t("fields:answer")}
                  aria-label={`${rowLabel}: ${t("fields:answer")}`}
                  onChange={(event) => update(index, { answer: event.target.value })}
                />
              )}
            </div>
          </fieldset>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={add} className="csc-repeat__add">
        {t("resources.addQuestion")}
      </Button>
    </div>
  );
}
