import { SaveOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Button, Form, Result } from "antd";
import { type KeyboardEvent, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { focusPageHeading } from "../components/focus-return";
import { PageHeader } from "../components/PageHeader";
import { screenIcon } from "../shell/layout/menu-icons";
import { isApiError } from "../shell/providers/http";
import { useRecordTitle } from "./display/useRecordTitle";
import { FormField } from "./form/FormField";
import { createDefaults, type FormValues, toPayload, writableFields } from "./form/values";
import { listUrl } from "./paths";
import type { ResourceScreen } from "./screen";
import type { ResourceRecord } from "./types";
import "./resources.css";

/** Enter picks a choice in selects and date pickers; it must not also send the form. */
function keepEnterInPickers(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === "Enter" && target.closest(".ant-select, .ant-picker")) event.preventDefault();
}

interface ResourceFormProps {
  screen: ResourceScreen;
  action: "create" | "edit";
  id?: string | number;
  /** A fixed page title (the caller's own record). */
  heading?: string;
  /** Where saving or cancelling leads; the list as the user left it by default. */
  returnTo?: string;
}

/**
 * Create and edit from the resource definition: one input per writable field, checked on the
 * client with the shared rules, the server's field errors under their fields, a warning before
 * unsaved changes are lost, and back to the list (filters kept) once saved.
 */
export default function ResourceForm({ screen, action, id, heading, returnTo }: ResourceFormProps) {
  const { meta, paths, title: listTitle, entry } = screen;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const fields = useMemo(() => writableFields(meta.fields), [meta.fields]);
  const back = returnTo ?? listUrl(meta.name, paths);
  // saved or cancelled: back where the user came from, the focus on that page's heading
  const leave = () => {
    focusPageHeading({ afterNavigation: true });
    navigate(back);
  };
  const defaults = useMemo(
    () => (action === "create" ? createDefaults(meta.fields, searchParams) : undefined),
    [action, meta.fields, searchParams],
  );

  const {
    control,
    handleSubmit,
    setValue,
    reset,
    refineCore: { onFinish, query, formLoading },
  } = useForm<ResourceRecord, HttpError, FormValues>({
    mode: "onTouched",
    defaultValues: defaults,
    refineCoreProps: {
      resource: meta.name,
      action,
      id,
      redirect: false,
      queryOptions: { enabled: action === "edit" },
      successNotification: (data) => {
        const title = (data?.data as ResourceRecord | undefined)?.[meta.titleField];
        // a related row's id says nothing to the reader: then the message names no record
        const named = typeof title === "string" && title !== "";
        const key = action === "create" ? "created" : "saved";
        return {
          type: "success",
          message: named ? t(`resources.${key}`, { title }) : t(`resources.${key}Plain`),
        };
      },
      errorNotification: (error) => ({ type: "error", message: error?.message || t("errors.generic") }),
      onMutationSuccess: () => leave(),
    },
  });
  const record = query?.data?.data;
  const recordTitle = useRecordTitle(meta, record);
  useEffect(() => {
    // the loaded record becomes the form's starting point, so that only real edits count as changes
    if (record) reset(Object.fromEntries(fields.map((field) => [field.name, record[field.name] ?? null])));
  }, [record, fields, reset]);

  const pageTitle = heading ?? (action === "create" ? t("resources.createTitle") : recordTitle || t("buttons.edit"));
  const subtitle = action === "create" ? listTitle : t("resources.editing");
  const submit = handleSubmit((values) => onFinish(toPayload(meta.fields, values)).catch(() => undefined));

  if (action === "edit" && query?.isError) {
    const missing = isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 403);
    return (
      <div className="csc-resource" data-testid="resource-form">
        <PageHeader title={pageTitle} back={<BackLink to={back}>{listTitle}</BackLink>} />
        <AppCard>
          <Result
            status={missing ? "404" : "warning"}
            title={t(missing ? "resources.notFound" : "resources.loadFailed")}
          />
        </AppCard>
      </div>
    );
  }

  return (
    <div className="csc-resource" data-testid="resource-form" data-resource={meta.name}>
      <PageHeader title={pageTitle} subtitle={subtitle} back={<BackLink to={back}>{listTitle}</BackLink>} />
      <AppCard
        icon={screenIcon(entry.name)}
        title={action === "create" ? t("resources.newRecord") : t("resources.details")}
        loading={action === "edit" && query?.isLoading}
        skeletonRows={10}
      >
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          onKeyDown={keepEnterInPickers}
          className="csc-form"
          aria-label={pageTitle}
        >
          <Form layout="vertical" component="div" className="csc-form-grid">
            {fields.map((field) => (
              <FormField key={field.name} field={field} fields={fields} control={control} setValue={setValue} />
            ))}
          </Form>
          <div className="csc-form-actions">
            <span className="csc-hint">{t("resources.requiredHint")}</span>
            <Button onClick={leave}>{t("buttons.cancel")}</Button>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={formLoading}
              data-testid="resource-save"
            >
              {t("buttons.save")}
            </Button>
          </div>
        </form>
      </AppCard>
    </div>
  );
}
