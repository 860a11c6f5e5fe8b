import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGES } from "../providers/i18n";

/** Spec §1: two options, En and नेपाली; the choice is kept in local storage `i18nextLng`. */
export function LanguageSwitcher({ type = "text" }: { type?: "text" | "default" }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const name = LANGUAGES.find((option) => option.code === language)?.name ?? "En";
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((option) => ({
          key: option.code,
          label: <span lang={option.code === "np-NP" ? "ne" : "en"}>{option.name}</span>,
          "data-language": option.code,
        })),
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button
        type={type}
        icon={<GlobalOutlined aria-hidden="true" />}
        // the name carries what the button shows (WCAG 2.5.3: "En", "नेपाली")
        aria-label={`${t("language.label")}: ${name}`}
        data-testid="language-switcher"
      >
        <span>{name}</span>
        <DownOutlined aria-hidden="true" style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
