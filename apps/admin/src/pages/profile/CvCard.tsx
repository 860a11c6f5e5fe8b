import { DeleteOutlined, DownloadOutlined, FilePdfOutlined, UploadOutlined } from "@ant-design/icons";
import type { CvSummary } from "@csc/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Skeleton, Upload } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppCard } from "../../components/AppCard";
import { downloadFile } from "../../shell/providers/download";
import { http, isApiError } from "../../shell/providers/http";

/** The server's own limit (`MAX_CV_BYTES`): checked here first only to save a learner the wait. */
const MAX_CV_BYTES = 5 * 1024 * 1024;
const CV_KEY = ["profile-cv"] as const;

/**
 * A learner's CV: one PDF, uploaded, replaced or removed at once (not with the profile's
 * Save). The server checks it by content and counts it against their uploads; the staff of the
 * postings they apply to see it with their application.
 */
export function CvCard() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<"upload" | "remove" | "download" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const uploadRef = useRef<HTMLButtonElement>(null);
  const cv = useQuery({
    queryKey: CV_KEY,
    queryFn: async () => (await http.get<{ data: CvSummary | null }>("/api/profile/cv")).data.data,
  });

  const upload = async (file: File) => {
    setProblem(null);
    setStatus("");
    if (file.size > MAX_CV_BYTES) return setProblem(t("cv.tooBig", { max: MAX_CV_BYTES / 1024 / 1024 }));
    setBusy("upload");
    try {
      const body = new FormData();
      body.append("file", file);
      const { data } = await http.post<{ data: CvSummary }>("/api/profile/cv", body, {
        headers: { "Content-Type": "multipart/form-data" },
      });
      queryClient.setQueryData(CV_KEY, data.data);
      setStatus(t("cv.uploaded", { name: data.data.file_name }));
    } catch (error) {
      const fileError = isApiError(error) ? error.errors?.file : undefined;
      setProblem(fileError ? String(fileError) : t("cv.failed"));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setProblem(null);
    setBusy("remove");
    try {
      await http.delete("/api/profile/cv");
      queryClient.setQueryData(CV_KEY, null);
      setStatus(t("cv.removed"));
      // the remove button is gone: focus goes to the upload button that replaced the pair
      setTimeout(() => uploadRef.current?.focus(), 0);
    } catch (error) {
      setProblem((error as Error)?.message || t("cv.failed"));
    } finally {
      setBusy(null);
    }
  };

  const current = cv.data ?? null;
  return (
    <AppCard title={t("cv.title")} icon={<FilePdfOutlined />} className="csc-profile-cv">
      {cv.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className="csc-profile-cv__body" data-testid="profile-cv">
          <p className="csc-profile-cv__current" data-testid="profile-cv-current">
            {current ? t("cv.current", { name: current.file_name }) : t("cv.none")}
          </p>
          <div className="csc-profile-photo__buttons">
            <Upload
              accept="application/pdf,.pdf"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button
                ref={uploadRef}
                icon={<UploadOutlined />}
                loading={busy === "upload"}
                data-testid="profile-cv-upload"
              >
                {current ? t("cv.replace") : t("cv.upload")}
              </Button>
            </Upload>
            {current ? (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  loading={busy === "download"}
                  onClick={() => {
                    setBusy("download");
                    downloadFile(current.url, current.file_name, "application/pdf")
                      .catch(() => setProblem(t("cv.downloadFailed")))
                      .finally(() => setBusy(null));
                  }}
                  data-testid="profile-cv-download"
                >
                  {t("cv.download")}
                </Button>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  loading={busy === "remove"}
                  onClick={() => void remove()}
                  data-testid="profile-cv-remove"
                >
                  {t("cv.remove")}
                </Button>
              </>
            ) : null}
          </div>
          <div className="csc-hint">{t("cv.hint", { max: MAX_CV_BYTES / 1024 / 1024 })}</div>
          {problem ? (
            <div className="csc-field-error" role="alert" data-testid="profile-cv-error">
              {problem}
            </div>
          ) : null}
          <div className="csc-visually-hidden" aria-live="polite">
            {status}
          </div>
        </div>
      )}
    </AppCard>
  );
}
