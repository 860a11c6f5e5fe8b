import { Image } from "antd";
import { useTranslation } from "react-i18next";
import { ImageUpload } from "./inputs/ImageUpload";
import type { FieldTypeView, FieldValueProps } from "./types";

function ImageDetail({ field, value }: FieldValueProps) {
  const { t } = useTranslation();
  return <Image src={String(value)} width={72} height={72} className="csc-thumb" alt={t(field.labelKey)} />;
}

/** An image uploaded here: a thumbnail in a cell, one that opens larger on the detail page. */
const image: FieldTypeView = {
  Cell: ({ value }: FieldValueProps) => <img src={String(value)} className="csc-thumb csc-thumb--cell" alt="" />,
  Detail: ImageDetail,
  Input: ImageUpload,
  column: { width: 72 },
};
export default image;
