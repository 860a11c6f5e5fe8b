import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { roleKind } from "@csc/shared";
import { useOne } from "@refinedev/core";
import { Button, Descriptions, Result } from "antd";
import { type ReactNode, Suspense, use, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AppCard } from "../components/AppCard";
import { BackLink } from "../components/BackLink";
import { PageHeader } from "../components/PageHeader";
import { fieldView } from "../field-types";
import { detailSectionsOf, resourceActionsHook } from "../resources";
import { screenIcon } from "../shell/layout/menu-icons";
import { isApiError } from "../shell/providers/http";
import { useSession } from "../shell/session/SessionContext";
import { DeleteConfirm, type DeleteTarget } from "./DeleteConfirm";
import { FieldValue } from "./display/FieldValue";
import { isEmptyValue } from "./display/format";
import { useRecordTitle } from "./display/useRecordTitle";
import { listUrl, recordPathIn } from "./paths";
import { canRecord, type ResourceScreen } from "./screen";
import type { FieldMeta, ResourceRecord } from "./types";
import "./resources.css";

/** Long values get a section of their own under the facts. */
const isWide = (field: FieldMeta) => fieldView(field.type).wideInDetail === true;
const DETAIL_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

interface ResourceShowProps {
  screen: ResourceScreen;
  id: string | number;
  /** A fixed page title (learner details, "Your College") instead of the record's own. */
  heading?: string;
  /** Where the edit button goes; the list's edit page by default. */
  editPath?: string;
  /** The page stands alone (the caller's own record): no way back to a list, no deletion. */
  standalone?: boolean;
}

/** A record's details, every field formatted for its type, with edit and delete where allowed. */
export default function ResourceShow({ screen, id, heading, editPath, standalone = false }: ResourceShowProps) {
  const { meta, paths, title: listTitle, entry } = screen;
  // the resource's own actions (resources/index.ts), loaded with its pages
  const useResourceActions = use(resourceActionsHook(meta.name));
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const { query, result: record } = useOne<ResourceRecord>({
    resource: meta.name,
    id,
    errorNotification: false,
  });
  const recordTitle = useRecordTitle(meta, record);
  const backToList = () => navigate(listUrl(meta.name, paths));
  const actions = useResourceActions(meta, { onDone: backToList });
  // a posting's applicants and the like are for staff; learners never see admin tables
  const { role, menu } = useSession();
  const DetailSections = roleKind(role) === "learner" ? null : detailSectionsOf(meta.name);

  const pageTitle = heading ?? (recordTitle || listTitle);
  const back = standalone ? undefined : <BackLink to={listUrl(meta.name, paths)}>{listTitle}</BackLink>;

  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 403);
    return (
      <div className="csc-resource" data-testid="resource-show">
        <PageHeader title={pageTitle} back={back} />
        <AppCard>
          <Result
            status={missing ? "404" : "warning"}
            title={missing ? t("resources.notFound") : t("resources.loadFailed")}
            subTitle={missing ? undefined : query.error?.message}
            data-testid={missing ? "resource-not-found" : "resource-error"}
          />
        </AppCard>
      </div>
    );
  }

  const buttons: ReactNode[] = [];
  if (record) {
    for (const item of actions.recordItems(record, recordTitle)) {
      buttons.push(
        <Button key={item.key} icon={item.icon} danger={item.danger} onClick={item.onClick}>
          {item.label}
        </Button>,
      );
    }
    if (canRecord(meta, "update", record)) {
      buttons.push(
        <Button
          key="edit"
          type="primary"
          icon={<EditOutlined />}
          onClick={() => navigate(editPath ?? paths.edit(record.id))}
          data-testid="resource-edit"
        >
          {t("buttons.edit")}
        </Button>,
      );
    }
    if (canRecord(meta, "delete", record) && !standalone) {
      buttons.push(
        <Button
          key="delete"
          danger
          icon={<DeleteOutlined />}
          onClick={() => setDeleteTarget({ ids: [record.id], title: recordTitle })}
          data-testid="resource-delete"
        >
          {t("buttons.delete")}
        </Button>,
      );
    }
  }

  // a write-only field (a client secret) has no value to show
  const shown = meta.fields.filter((field) => field.name !== "id" && !field.writeOnly);
  const facts = shown.filter((field) => !isWide(field));
  // long read-only notes that say nothing (no rejection reason) are left out
  const long = shown.filter(
    (field) => isWide(field) && !(field.readOnly && record && isEmptyValue(record[field.name])),
  );
  const label = (field: FieldMeta) => t(field.labelKey, { defaultValue: field.label });
  return (
    <div className="csc-resource" data-testid="resource-show" data-resource={meta.name}>
      <PageHeader
        title={pageTitle}
        subtitle={record && !standalone ? `#${record.id}` : undefined}
        back={back}
        extra={buttons.length ? buttons : undefined}
      />
      <AppCard
        title={heading && recordTitle ? recordTitle : t("resources.details")}
        icon={screenIcon(entry.name)}
        loading={query.isLoading}
        skeletonRows={10}
      >
        {record ? (
          <>
            <Descriptions
              bordered
              size="small"
              column={DETAIL_COLUMNS}
              className="csc-details"
              items={facts.map((field) => ({
                key: field.name,
                label: label(field),
                children: (
                  <div data-field={field.name}>
                    <FieldValue field={field} record={record} fields={meta.fields} mode="detail" resource={meta.name} />
                  </div>
                ),
              }))}
            />
            {long.map((field) => (
              <section key={field.name} className="csc-detail-section">
                <h2 className="csc-detail-section__title">{label(field)}</h2>
                <div data-field={field.name}>
                  <FieldValue field={field} record={record} fields={meta.fields} mode="detail" resource={meta.name} />
                </div>
              </section>
            ))}
          </>
        ) : null}
      </AppCard>
      {record && DetailSections ? (
        <Suspense fallback={null}>
          <DetailSections
            record={record}
            meta={meta}
            canUpdate={canRecord(meta, "update", record)}
            recordPath={(resource, recordId) => recordPathIn(menu, resource, recordId)}
          />
        </Suspense>
      ) : null}
      <DeleteConfirm meta={meta} target={deleteTarget} onClose={() => setDeleteTarget(null)} onDeleted={backToList} />
      {actions.element}
    </div>
  );
}
