import { CheckCircleOutlined, DownloadOutlined, FileSearchOutlined, InboxOutlined } from "@ant-design/icons";
import {
  csvRow,
  IMPORT_MAX_BYTES,
  type ImportError,
  type ImportResult,
  isProviderRole,
  localDigits,
} from "@csc/shared";
import { Alert, Button, Checkbox, Form, Progress, Result, Space, Table, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { listUrl } from "../engine/paths";
import type { ResourceScreen } from "../engine/screen";
import { RelationSelect } from "../field-types/inputs/RelationSelect";
import { screenIcon } from "../shell/layout/menu-icons";
import { downloadFile, saveFile } from "../shell/providers/download";
import { http, isApiError } from "../shell/providers/http";
import { useSession } from "../shell/session/SessionContext";
import "./imports.css";

type Counts = ImportResult["data"];
type Stage = { kind: "idle" } | { kind: "sending"; percent: number } | { kind: "reading" };

const ERRORS_PAGE = 20;

/** The errors as a CSV file the person can keep beside their spreadsheet while fixing it. */
function errorsFile(errors: readonly ImportError[], label: (field: string) => string, headers: string[]): Blob {
  const lines = [csvRow(headers), ...errors.map((error) => csvRow([error.row, label(error.field), error.message]))];
  return new Blob([`\uFEFF${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
}

/**
 * Loading a list's learners from a spreadsheet: the template, the file, a check that lists
 * every problem under its row and column (and as a CSV to download), then the import itself.
 * A large file shows its upload's progress, then that the server is reading it.
 */
export default function ImportPage({ screen }: { screen: ResourceScreen }) {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const { meta, paths, title, entry } = screen;
  const institutionField = isProviderRole(role)
    ? meta.fields.find((field) => field.name === "institution_id")
    : undefined;
  const [institution, setInstitution] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [checked, setChecked] = useState<Counts | null>(null);
  const [imported, setImported] = useState<Counts | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const digits = (value: number) => localDigits(String(value), i18n.language);
  const label = (field: string) => t(`fields:${field}`, { defaultValue: field });
  const pageTitle = t("imports.title", { list: title });
  const busy = stage.kind !== "idle";

  const send = async (mode: "check" | "commit"): Promise<Counts | null> => {
    if (!file) {
      setProblems({ file: t("imports.chooseFile") });
      return null;
    }
    if (institutionField && institution === null) {
      setProblems({ institution_id: t("validation:required") });
      return null;
    }
    setProblems({});
    const body = new FormData();
    if (institution !== null) body.append("institution_id", String(institution));
    body.append("file", file);
    setStage({ kind: "sending", percent: 0 });
    try {
      const query = `mode=${mode}${allOrNothing ? "&all_or_nothing=true" : ""}`;
      const { data } = await http.post<ImportResult>(`/api/${meta.name}/import?${query}`, body, {
        headers: { "Content-Type": "multipart/form-data" },
        onUploadProgress: (event) => {
          const percent = event.total ? Math.round((event.loaded / event.total) * 100) : 0;
          setStage(percent >= 100 ? { kind: "reading" } : { kind: "sending", percent });
        },
      });
      return data.data;
    } catch (error) {
      const errors = isApiError(error) ? error.errors : undefined;
      const found = Object.fromEntries(Object.entries(errors ?? {}).map(([name, text]) => [name, String(text)]));
      setProblems(Object.keys(found).length > 0 ? found : { file: isApiError(error) ? error.message : String(error) });
      return null;
    } finally {
      setStage({ kind: "idle" });
    }
  };

  const check = async () => {
    setImported(null);
    setChecked(await send("check"));
  };
  const commit = async () => {
    const result = await send("commit");
    if (result) {
      setImported(result);
      setChecked(null);
    }
  };
  const choose = (next: File | null) => {
    setFile(next);
    setChecked(null);
    setImported(null);
    setProblems(
      next && next.size > IMPORT_MAX_BYTES
        ? { file: t("imports.tooLarge", { max: digits(IMPORT_MAX_BYTES / 1024 / 1024) }) }
        : {},
    );
  };

  const result = imported ?? checked;
  const mayImport = checked !== null && checked.valid > 0 && !(allOrNothing && checked.invalid > 0);
  const columns = [
    { title: t("imports.row"), dataIndex: "row", key: "row", width: 90, render: (row: number) => digits(row) },
    { title: t("imports.column"), dataIndex: "field", key: "field", width: 200, render: label },
    { title: t("imports.problem"), dataIndex: "message", key: "message" },
  ];

  return (
    <div className="csc-resource csc-import" data-testid="import-page" data-resource={meta.name}>
      <PageHeader title={pageTitle} back={<BackLink to={listUrl(meta.name, paths)}>{title}</BackLink>} />
      <AppCard icon={screenIcon(entry.name)} title={t("imports.fileTitle")}>
        <p className="csc-hint">{t("imports.intro")}</p>
        <Space wrap className="csc-import-template">
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadFile(`/api/${meta.name}/import/template?format=csv`, `${meta.name}-template.csv`)
            }
            data-testid="import-template-csv"
          >
            {t("imports.templateCsv")}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadFile(`/api/${meta.name}/import/template?format=xlsx`, `${meta.name}-template.xlsx`)
            }
            data-testid="import-template-xlsx"
          >
            {t("imports.templateXlsx")}
          </Button>
        </Space>
        <Form layout="vertical" component="div">
          {institutionField ? (
            <Form.Item
              label={label("institution_id")}
              required
              htmlFor="import-institution"
              validateStatus={problems.institution_id ? "error" : undefined}
              help={problems.institution_id}
            >
              <RelationSelect
                id="import-institution"
                field={institutionField}
                value={institution}
                onChange={(next) => {
                  setInstitution(next);
                  setChecked(null);
                }}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            label={t("imports.file")}
            required
            validateStatus={problems.file ? "error" : undefined}
            help={problems.file ? <span data-testid="import-file-error">{problems.file}</span> : undefined}
          >
            <Upload.Dragger
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              maxCount={1}
              disabled={busy}
              fileList={[]}
              beforeUpload={(chosen) => {
                choose(chosen);
                return false;
              }}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{file ? file.name : t("imports.drop")}</p>
              <p className="ant-upload-hint">{t("imports.formats", { max: digits(IMPORT_MAX_BYTES / 1024 / 1024) })}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item>
            <Checkbox checked={allOrNothing} onChange={(event) => setAllOrNothing(event.target.checked)}>
              {t("imports.allOrNothing")}
            </Checkbox>
          </Form.Item>
        </Form>
        {stage.kind !== "idle" ? (
          <div className="csc-import-progress" data-testid="import-progress">
            <Progress
              percent={stage.kind === "sending" ? stage.percent : 100}
              status="active"
              aria-label={stage.kind === "sending" ? t("imports.sending") : t("imports.reading")}
            />
            <span role="status">{stage.kind === "sending" ? t("imports.sending") : t("imports.reading")}</span>
          </div>
        ) : null}
        <Space wrap>
          <Button icon={<FileSearchOutlined />} onClick={() => void check()} loading={busy} data-testid="import-check">
            {t("imports.check")}
          </Button>
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            onClick={() => void commit()}
            disabled={!mayImport}
            loading={busy}
            data-testid="import-commit"
          >
            {t("imports.commit")}
          </Button>
        </Space>
      </AppCard>

      {imported ? (
        <AppCard>
          <Result
            status={imported.created + imported.updated + imported.unchanged > 0 ? "success" : "warning"}
            title={<span data-testid="import-done">{t("imports.done")}</span>}
            subTitle={t("imports.doneCounts", {
              created: digits(imported.created),
              updated: digits(imported.updated),
              unchanged: digits(imported.unchanged),
              invalid: digits(imported.invalid),
            })}
            extra={<Link to={listUrl(meta.name, paths)}>{t("imports.backToList", { list: title })}</Link>}
          />
        </AppCard>
      ) : null}

      {result ? (
        <AppCard title={t("imports.checkTitle")}>
          {checked ? (
            <Alert
              type={checked.invalid > 0 ? "warning" : "success"}
              showIcon
              data-testid="import-summary"
              message={t("imports.summary", {
                total: digits(checked.total),
                valid: digits(checked.valid),
                invalid: digits(checked.invalid),
              })}
              description={t("imports.wouldDo", {
                created: digits(checked.created),
                updated: digits(checked.updated),
                unchanged: digits(checked.unchanged),
              })}
            />
          ) : null}
          {result.errors.length > 0 ? (
            <>
              <Space className="csc-import-errors-head" wrap>
                <span data-testid="import-error-count">
                  {t("imports.errorCount", { count: result.errors.length, n: digits(result.errors.length) })}
                </span>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    saveFile(
                      errorsFile(result.errors, label, [t("imports.row"), t("imports.column"), t("imports.problem")]),
                      `${meta.name}-errors.csv`,
                    )
                  }
                  data-testid="import-errors-csv"
                >
                  {t("imports.downloadErrors")}
                </Button>
              </Space>
              <Table<ImportError>
                size="small"
                rowKey={(error) => `${error.row}:${error.field}`}
                columns={columns}
                dataSource={result.errors}
                pagination={{ pageSize: ERRORS_PAGE, showSizeChanger: false }}
                data-testid="import-errors"
              />
            </>
          ) : null}
        </AppCard>
      ) : null}
    </div>
  );
}
