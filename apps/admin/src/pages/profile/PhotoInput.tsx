import { DeleteOutlined, UploadOutlined, UserOutlined } from "@ant-design/icons";
import type { Uploaded } from "@csc/shared";
import { Avatar, Button, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "../../field-types/inputs/ImageUpload";
import { http, isApiError } from "../../shell/providers/http";

interface PhotoInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** The user's own photo, uploaded to `POST /api/uploads/photo`; the field keeps the URL answered. */
export function PhotoInput({ id, value, onChange }: PhotoInputProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const url = typeof value === "string" && value ? value : null;

  const upload = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t("account:photo.wrongType"));
    if (file.size > MAX_IMAGE_BYTES) return setProblem(t("account:photo.tooBig"));
    setUploading(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const { data } = await http.post<Uploaded>("/api/uploads/photo", body, {
        headers: { "Content-Type": "multipart/form-data" },
      });
      onChange?.(data.data.url);
    } catch (error) {
      const fileError = isApiError(error) ? error.errors?.file : undefined;
      setProblem(fileError ? String(fileError) : t("account:photo.failed"));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="csc-profile-photo">
      <Avatar
        size={72}
        src={url ?? undefined}
        icon={url ? undefined : <UserOutlined />}
        alt={t("account:photo.preview")}
      />
      <div>
        <div className="csc-profile-photo__buttons">
          <Upload
            accept={IMAGE_TYPES.join(",")}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={uploading}>
              {url ? t("account:photo.replace") : t("account:photo.upload")}
            </Button>
          </Upload>
          {url ? (
            <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t("account:photo.remove")}
            </Button>
          ) : null}
        </div>
        <div className="csc-hint">{t("account:photo.hint")}</div>
        {problem ? (
          <div className="csc-field-error" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
    </div>
  );
}
