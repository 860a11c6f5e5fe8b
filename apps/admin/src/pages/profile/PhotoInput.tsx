import { DeleteOutlined, UploadOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Upload } from "antd";
import { useTranslation } from "react-i18next";
import { IMAGE_TYPES, useImageUpload } from "../../field-types/inputs/ImageUpload";

interface PhotoInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** The user's own photo, uploaded to `POST /api/uploads/photo`; the field keeps the URL answered. */
export function PhotoInput({ id, value, onChange }: PhotoInputProps) {
  const { t } = useTranslation();
  const url = typeof value === "string" && value ? value : null;
  const { upload, uploading, problem } = useImageUpload("/api/uploads/photo", (photo) => onChange?.(photo), {
    wrongType: t("account:photo.wrongType"),
    tooBig: t("account:photo.tooBig"),
    failed: () => t("account:photo.failed"),
  });

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
