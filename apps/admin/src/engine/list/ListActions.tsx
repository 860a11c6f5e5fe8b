import { DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { isImportResource } from "@csc/shared";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { useNotification } from "@refinedev/core";
import { Button, Dropdown } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAddInstitutionDropdown } from "../../components/EmptyState";
import { behaviourOf } from "../../resources";
import type { ResourcePaths } from "../paths";
import { can } from "../screen";
import type { ResourceMeta } from "../types";
import { downloadCsv } from "./exportCsv";

interface ListActionsProps {
  meta: ResourceMeta;
  paths: ResourcePaths;
  filters: CrudFilter[];
  sorters: CrudSort[];
  extraQuery: Record<string, string | undefined>;
}

/**
 * The list's header buttons: Import (learners from a spreadsheet), Export (the rows as filtered, as
 * CSV) and Create — for institutions a choice between a college and a company ("Add Institution").
 */
export function ListActions({ meta, paths, filters, sorters, extraQuery }: ListActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = useNotification();
  const [exporting, setExporting] = useState(false);
  const addInstitution = useAddInstitutionDropdown(paths.base);

  const exportRows = async () => {
    setExporting(true);
    try {
      const file = await downloadCsv(meta.name, filters, sorters, extraQuery);
      open?.({ type: "success", message: t("resources.exported", { file }) });
    } catch (error) {
      open?.({ type: "error", message: (error as Error)?.message || t("resources.exportFailed") });
    } finally {
      setExporting(false);
    }
  };

  let create = null;
  if (can(meta, "create") && behaviourOf(meta.name).createFrom === "add-institution-menu" && addInstitution) {
    create = (
      <Dropdown
        trigger={["click"]}
        menu={{
          items: addInstitution.items.map((item) => ({ key: item.key, label: item.label })),
          onClick: ({ key }) => {
            const target = addInstitution.items.find((item) => item.key === key);
            if (target) navigate(target.to);
          },
        }}
      >
        <Button type="primary" icon={<PlusOutlined />} data-testid="resource-create">
          {addInstitution.label} <DownOutlined />
        </Button>
      </Dropdown>
    );
  } else if (can(meta, "create")) {
    create = (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(paths.create)}
        data-testid="resource-create"
      >
        {t("buttons.create")}
      </Button>
    );
  }

  return (
    <>
      {can(meta, "create") && isImportResource(meta.name) ? (
        <Button icon={<UploadOutlined />} onClick={() => navigate(paths.import)} data-testid="resource-import">
          {t("buttons.import")}
        </Button>
      ) : null}
      {can(meta, "export") ? (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportRows()}
          data-testid="resource-export"
        >
          {t("buttons.export")}
        </Button>
      ) : null}
      {create}
    </>
  );
}
