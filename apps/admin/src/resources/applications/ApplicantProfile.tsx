import { FilePdfOutlined } from "@ant-design/icons";
import type { ApplicantProfile as ApplicantProfileData } from "@csc/shared";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Skeleton, Tag, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../shell/providers/download";
import { http } from "../../shell/providers/http";
import type { Application } from "./posting";

function useApplicantProfile(id: number) {
  return useQuery({
    queryKey: ["application-applicant", id],
    queryFn: async () =>
      (await http.get<{ data: ApplicantProfileData | null }>(`/api/applications/${id}/applicant`)).data.data,
  });
}

/** A CV's download button: the file's own name on it, so that staff know what they will get. */
function CvDownload({ cv, testId }: { cv: { url: string; file_name: string }; testId: string }) {
  const { t } = useTranslation("pipeline");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <span className="csc-cv-download">
      <Button
        icon={<FilePdfOutlined />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadFile(cv.url, cv.file_name, "application/pdf")
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
        aria-label={t("drawer.profile.downloadCv", { name: cv.file_name })}
        data-testid={testId}
      >
        {cv.file_name}
      </Button>
      {failed ? (
        <span className="csc-field-error" role="alert">
          {t("drawer.profile.downloadFailed")}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Who the applicant is: the essentials of their account when they have one (the API sends nothing
 * else of it), their skills and CV; a guest's own answers on the application otherwise.
 */
export function ApplicantProfile({ id, row }: { id: number; row: Application }) {
  const { t } = useTranslation("pipeline");
  const profile = useApplicantProfile(id);
  if (profile.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const person = profile.data ?? null;
  const text = (value: string | null | undefined) => (value ? value : "—");

  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: "full_name", label: t("columns.full_name"), children: person?.full_name ?? row.full_name },
    {
      key: "email",
      label: t("columns.email"),
      children: <a href={`mailto:${person?.email ?? row.email}`}>{person?.email ?? row.email}</a>,
    },
    {
      key: "contact_number",
      label: t("columns.contact_number"),
      children: text(person?.contact_number ?? row.contact_number),
    },
    { key: "institution", label: t("columns.institution"), children: text(person?.institution ?? row.institution) },
    { key: "department", label: t("columns.department"), children: text(person?.department ?? row.department) },
    { key: "profession", label: t("columns.profession"), children: text(person?.profession ?? row.profession) },
  ];
  if (person) {
    items.push({
      key: "skills",
      label: t("drawer.profile.skills"),
      children:
        person.skills.length > 0 ? (
          <span className="csc-applicant-skills" data-testid="applicant-skills">
            {person.skills.map((skill) => (
              <Tag key={skill.name}>{skill.name}</Tag>
            ))}
          </span>
        ) : (
          t("drawer.profile.noSkills")
        ),
    });
    items.push({
      key: "cv",
      label: t("drawer.profile.cv"),
      children: person.cv ? (
        <CvDownload cv={person.cv} testId="applicant-cv" />
      ) : (
        <span data-testid="applicant-no-cv">{t("drawer.profile.noCv")}</span>
      ),
    });
  }

  return (
    <section aria-labelledby={`csc-applicant-profile-${id}`} data-testid="applicant-profile">
      <Typography.Title level={3} className="csc-drawer-section__title" id={`csc-applicant-profile-${id}`}>
        {person ? t("drawer.profile.title") : t("drawer.profile.guest")}
      </Typography.Title>
      <Descriptions size="small" bordered column={1} items={items} className="csc-details" />
    </section>
  );
}
