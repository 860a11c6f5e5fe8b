import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the browser tab's title to the page's, with the product name after it. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  const product = t("app.name");
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
