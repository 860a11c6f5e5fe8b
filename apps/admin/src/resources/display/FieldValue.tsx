import { CheckCircleFilled, CloseCircleOutlined, LockOutlined } from "@ant-design/icons";
import { parseCreatedBy } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Image, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { SkillsList } from "../../components/SkillsList";
import { http } from "../../providers/http";
import { useLanguage } from "../../providers/i18n";
import { type LocationLevel, PARENT_LEVEL, usePlaceName } from "../fields/locations";
import type { FieldMeta, ResourceRecord } from "../types";
import { EnumTag, useOptionLabel } from "./EnumTag";
import { countryName, formatDate, formatDateTime, formatNumber, formatYear, isEmptyValue } from "./format";
import { type ContactPerson, ContactsTable, type Question, QuestionsTable } from "./RecordTables";
import { sanitizeRichText } from "./sanitize";
import { useRelationLabels } from "./useRelationLabels";

export type DisplayMode = "cell" | "detail";

interface FieldValueProps {
  field: FieldMeta;
  record: ResourceRecord;
  /** Every field of the resource: the location cascade reads its parents. */
  fields: FieldMeta[];
  mode: DisplayMode;
  /** Labels of related rows, fetched once for a whole page of rows. */
  relationLabels?: Map<number, string>;
  /** The record's resource: "Created by" asks it who made the row. */
  resource?: string;
}

function Empty({ field }: { field: FieldMeta }) {
  const { t } = useTranslation();
  // spec §9: an empty date reads N/A
  const text = field.type === "date" || field.type === "datetime" ? t("resources.notAvailable") : "—";
  return <span className="csc-value-empty">{text}</span>;
}

function RelationValue({ field, value }: { field: FieldMeta; value: number }) {
  const labels = useRelationLabels(field, [value]);
  return <>{labels.get(value) ?? `#${value}`}</>;
}

function PlaceValue({ field, record, fields }: { field: FieldMeta; record: ResourceRecord; fields: FieldMeta[] }) {
  const level = field.type as LocationLevel;
  const parentLevel = PARENT_LEVEL[level];
  const parentField = parentLevel ? fields.find((candidate) => candidate.type === parentLevel) : undefined;
  const name = usePlaceName(level, record[field.name], parentField ? record[parentField.name] : null);
  return <>{name ?? `#${String(record[field.name])}`}</>;
}

/** The person who made a row (`GET /api/{res}/{id}/creator`), for staff reading it. */
function useCreator(resource: string | undefined, id: unknown) {
  return useQuery({
    queryKey: ["creator", resource, id],
    enabled: resource !== undefined && typeof id === "number",
    queryFn: async () =>
      (await http.get<{ data: { full_name: string } }>(`/api/${resource}/${String(id)}/creator`)).data.data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "Created by": the person and the kind of account they made it from, e.g. "Asha Sharma (College)". */
function CreatedBy({ value, resource, id }: { value: string; resource?: string; id: unknown }) {
  const { t } = useTranslation();
  const parsed = parseCreatedBy(value);
  const creator = useCreator(parsed ? resource : undefined, id);
  if (!parsed) return <>{value}</>;
  const entity = t(`resources.entities.${parsed.entity}`, { defaultValue: parsed.entity });
  // until the name arrives, and when the account is unknown, the kind of account alone: never an id
  const text = creator.data ? t("resources.createdByPerson", { name: creator.data.full_name, entity }) : entity;
  return (
    <span className="csc-created-by" data-testid="created-by" aria-busy={creator.isLoading}>
      {text}
    </span>
  );
}

/** Enum lists (plan features): every choice, ticked when the record has it. */
function OptionChecklist({ field, values }: { field: FieldMeta; values: unknown[] }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const chosen = new Set(values.map(String));
  return (
    <ul className="csc-checklist">
      {(field.options ?? []).map((option) => {
        const included = chosen.has(String(option.value));
        return (
          <li key={String(option.value)} className={included ? "is-on" : "is-off"}>
            {included ? (
              <CheckCircleFilled aria-label={t("resources.included")} />
            ) : (
              <LockOutlined aria-label={t("resources.notIncluded")} />
            )}
            <span>{label(field, option.value)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function TagsValue({ field, values, mode }: { field: FieldMeta; values: unknown[]; mode: DisplayMode }) {
  const label = useOptionLabel();
  const names = values.map((value) => (field.options ? label(field, value) : String(value)));
  if (mode === "detail") {
    if (field.options) return <OptionChecklist field={field} values={values} />;
    return <SkillsList skills={names.map((name) => ({ id: name, name }))} />;
  }
  const shown = names.slice(0, 3);
  return (
    <span className="csc-cell-tags">
      {shown.map((name) => (
        <Tag key={name} bordered={false}>
          {name}
        </Tag>
      ))}
      {names.length > shown.length ? <span className="csc-cell-more">+{names.length - shown.length}</span> : null}
    </span>
  );
}

/** One value of a record, formatted for its type: in a table cell, or on the detail page. */
export function FieldValue({ field, record, fields, mode, relationLabels, resource }: FieldValueProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const value = record[field.name];
  if (isEmptyValue(value)) return <Empty field={field} />;
  const detail = mode === "detail";

  if (field.name === "created_by" && typeof value === "string")
    return <CreatedBy value={value} resource={resource} id={record.id} />;

  switch (field.type) {
    case "boolean":
      return value ? (
        <span className="csc-bool csc-bool--yes">
          <CheckCircleFilled aria-hidden="true" /> {t("resources.yes")}
        </span>
      ) : (
        <span className="csc-bool csc-bool--no">
          <CloseCircleOutlined aria-hidden="true" /> {t("resources.no")}
        </span>
      );
    case "enum":
      return <EnumTag field={field} value={value} />;
    case "date":
      return <span className="csc-nowrap">{formatDate(value, language) ?? t("resources.notAvailable")}</span>;
    case "datetime":
      return <span className="csc-nowrap">{formatDateTime(value, language) ?? t("resources.notAvailable")}</span>;
    case "number":
      return <span className="csc-number">{formatNumber(value, language)}</span>;
    case "year":
      return <>{formatYear(String(value), language)}</>;
    case "country":
      return <>{countryName(value, language)}</>;
    case "color":
      return (
        <span className="csc-swatch">
          <span className="csc-swatch__chip" style={{ background: String(value) }} aria-hidden="true" />
          <code>{String(value)}</code>
        </span>
      );
    case "image":
      return detail ? (
        <Image src={String(value)} width={72} height={72} className="csc-thumb" alt={t(field.labelKey)} />
      ) : (
        <img src={String(value)} className="csc-thumb csc-thumb--cell" alt="" />
      );
    case "tags":
      return <TagsValue field={field} values={value as unknown[]} mode={mode} />;
    case "relation": {
      if (typeof value !== "number") return <>{String(value)}</>;
      if (relationLabels) return <>{relationLabels.get(value) ?? `#${value}`}</>;
      return <RelationValue field={field} value={value} />;
    }
    case "province":
    case "district":
    case "municipality":
      return <PlaceValue field={field} record={record} fields={fields} />;
    case "contacts":
      return detail ? (
        <ContactsTable contacts={value as ContactPerson[]} />
      ) : (
        (value as ContactPerson[]).map((contact) => contact.full_name).join(", ")
      );
    case "questions":
      return detail ? (
        <QuestionsTable questions={value as Question[]} />
      ) : (
        t("resources.questionCount", { count: (value as Question[]).length })
      );
    case "richtext":
      return detail ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to the toolbar's tags just above
        <div className="csc-richtext" dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(value)) }} />
      ) : (
        <Typography.Text ellipsis>{String(value).replace(/<[^>]*>/g, " ")}</Typography.Text>
      );
    case "email":
      return detail ? <a href={`mailto:${String(value)}`}>{String(value)}</a> : String(value);
    case "phone":
      return detail ? <a href={`tel:${String(value).replace(/\s/g, "")}`}>{String(value)}</a> : String(value);
    case "url":
    case "video":
    case "linkedin":
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
          {String(value).replace(/^https?:\/\/(www\.)?/, "")}
        </a>
      );
    case "textarea":
      return detail ? <div className="csc-pre-line">{String(value)}</div> : String(value);
    default:
      // what someone typed is theirs, not the interface's: no translator (a browser's, a test's) rewrites it
      return <span translate="no">{String(value)}</span>;
  }
}
