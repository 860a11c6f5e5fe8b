import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import { Button, theme } from "antd";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, LANGUAGES, type LanguageCode } from "../providers/i18n";
import { switchLanguage } from "../providers/language-change";
import "./language-switcher.css";

/** Focuses the item at `index`, wrapping around at either end. */
function focusIn(items: (HTMLElement | null)[], index: number) {
  const count = LANGUAGES.length;
  items[((index % count) + count) % count]?.focus();
}

/**
 * Two options, En and नेपाली; the choice is kept in local storage `i18nextLng`, and a signed-in
 * person's mail follows it (switchLanguage).
 *
 * A menu button of its own rather than antd's Dropdown, whose menu machinery (rc-menu, overflow)
 * was a tenth of the sign-in page's JavaScript. It keeps what the dropdown offered: a
 * labelled button (aria-haspopup, aria-expanded), a menu of radio items, the arrow keys, Home and
 * End, Enter or Space to choose, Escape and Tab to close, a click outside to close, and antd's
 * `ant-dropdown` / `ant-dropdown-menu-item` class names, by which the browser tests find it.
 */
export function LanguageSwitcher({ type = "text" }: { type?: "text" | "default" }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = currentLanguage();
  const name = LANGUAGES.find((option) => option.code === language)?.name ?? "En";
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLDivElement | null)[]>([]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (code: LanguageCode) => {
    close(true);
    if (code !== language) void switchLanguage(code);
  };
  const focusItem = (index: number) => focusIn(items.current, index);

  // opening puts the focus on the current language; a click or focus outside closes
  useEffect(() => {
    if (!open) return;
    focusIn(
      items.current,
      Math.max(
        0,
        LANGUAGES.findIndex((option) => option.code === language),
      ),
    );
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open, language]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent, index: number) => {
    const code = LANGUAGES[index]?.code;
    switch (event.key) {
      case "ArrowDown":
        focusItem(index + 1);
        break;
      case "ArrowUp":
        focusItem(index - 1);
        break;
      case "Home":
        focusItem(0);
        break;
      case "End":
        focusItem(LANGUAGES.length - 1);
        break;
      case "Enter":
      case " ":
        if (code) choose(code);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <span ref={root} className="csc-language-switcher">
      <Button
        ref={button}
        type={type}
        icon={<GlobalOutlined aria-hidden="true" />}
        // the name carries what the button shows (WCAG 2.5.3: "En", "नेपाली")
        aria-label={`${t("language.label")}: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-switcher"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span>{name}</span>
        <DownOutlined aria-hidden="true" style={{ fontSize: 10 }} />
      </Button>
      {open ? (
        <div
          className="ant-dropdown csc-language-switcher__popup"
          style={{
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            zIndex: token.zIndexPopupBase + 50,
          }}
        >
          <div id={menuId} className="ant-dropdown-menu" role="menu" aria-label={t("language.label")}>
            {LANGUAGES.map((option, index) => {
              const selected = option.code === language;
              return (
                <div
                  key={option.code}
                  ref={(element) => {
                    items.current[index] = element;
                  }}
                  className={`ant-dropdown-menu-item csc-language-switcher__item${selected ? " csc-language-switcher__item--selected" : ""}`}
                  role="menuitemradio"
                  aria-checked={selected}
                  tabIndex={-1}
                  data-language={option.code}
                  style={{
                    borderRadius: token.borderRadiusSM,
                    // the theme's text colour on the selection's tint: primary-coloured text on
                    // it fell short of WCAG contrast on the dark site
                    color: token.colorText,
                    background: selected ? token.controlItemBgActive : undefined,
                    fontWeight: selected ? token.fontWeightStrong : undefined,
                  }}
                  onClick={() => choose(option.code)}
                  onKeyDown={(event) => onMenuKeyDown(event, index)}
                >
                  <span lang={option.code === "np-NP" ? "ne" : "en"}>{option.name}</span>
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </span>
  );
}
