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

/** What an image upload says when the file is refused or the upload fails, in the user's language. */
interface UploadMessages {
  wrongType: string;
  tooBig: string;
  /** The message of a failure the API did not explain under `file`. */
  failed: (error: unknown) => string;
}

/**
 * An image chosen by the user, checked here and sent to `endpoint` as multipart; `onChange` gets
 * the URL the API answers. The upload and its state for every image input (a field's image, the
 * user's own photo).
 */
export function useImageUpload(endpoint: string, onChange: (url: string) => void, messages: UploadMessages) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(messages.wrongType);
    if (file.size > MAX_IMAGE_BYTES) return setProblem(messages.tooBig);
    setUploading(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const { data } = await http.post<Uploaded>(endpoint, body, {
        headers: { "Content-Type": "multipart/form-data" },
      });
      onChange(data.data.url);
    } catch (error) {
      const fileError = isApiError(error) ? error.errors?.file : undefined;
      setProblem(fileError ? String(fileError) : messages.failed(error));
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading, problem };
}

/** An image (logo, photo) uploaded as multipart; the field keeps the URL the API answers. */
export function ImageUpload({ value, onChange, id }: FieldInputProps) {
  const { t } = useTranslation();
  const url = typeof value === "string" && value ? value : null;
  const { upload, uploading, problem } = useImageUpload("/api/uploads", onChange, {
    wrongType: t("resources.uploadWrongType"),
    tooBig: t("resources.uploadTooBig"),
    failed: (error) => (error as Error)?.message || t("resources.uploadFailed"),
  });

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
