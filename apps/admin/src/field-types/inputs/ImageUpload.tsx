import { DeleteOutlined, PictureOutlined, UploadOutlined } from "@ant-design/icons";
import type { Uploaded } from "@csc/shared";
import { Button, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http, isApiError } from "../../shell/providers/http";
import type { FieldInputProps } from "./types";

/** What `POST /api/uploads` takes (it checks again, by content). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** An image (logo, photo) uploaded as multipart; the field keeps the URL the API answers. */
export function ImageUpload({ value, onChange, id }: FieldInputProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const url = typeof value === "string" && value ? value : null;

  const upload = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t("resources.uploadWrongType"));
    if (file.size > MAX_IMAGE_BYTES) return setProblem(t("resources.uploadTooBig"));
    setUploading(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const { data } = await http.post<Uploaded>("/api/uploads", body, {
        headers: { "Content-Type": "multipart/form-data" },
      });
      onChange(data.data.url);
    } catch (error) {
      const fileError = isApiError(error) ? error.errors?.file : undefined;
      setProblem(fileError ? String(fileError) : (error as Error)?.message || t("resources.uploadFailed"));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="csc-image-input">
      {url ? (
        <img src={url} className="csc-thumb csc-thumb--preview" alt={t("resources.imagePreview")} />
      ) : (
        <div className="csc-thumb csc-thumb--preview csc-thumb--empty" aria-hidden="true">
          <PictureOutlined />
        </div>
      )}
      <div className="csc-image-input__side">
        <div className="csc-image-input__buttons">
          <Upload
            accept={IMAGE_TYPES.join(",")}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={uploading}>
              {url ? t("resources.replaceImage") : t("resources.uploadImage")}
            </Button>
          </Upload>
          {url ? (
            <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(null)}>
              {t("resources.removeImage")}
            </Button>
          ) : null}
        </div>
        <div className="csc-hint">{t("resources.uploadHint")}</div>
        {problem ? (
          <div className="csc-field-error" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
    </div>
  );
}
