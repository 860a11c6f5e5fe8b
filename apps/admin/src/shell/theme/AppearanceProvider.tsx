import { ConfigProvider, theme } from "antd";
import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { antdLocaleFor, toSupportedLanguage } from "../providers/i18n";
import { NotificationHost } from "../providers/NotificationHost";
import { ANTD_VARS, type Appearance, antdTheme, isDark, onPrimary, primaryFill, primaryInk } from "./appearance";
import { withAlpha } from "./color";
import { usePrefersReducedMotion } from "./reduced-motion";

interface AppearanceContextValue {
  appearance: Appearance;
  setAppearance: (appearance: Appearance) => void;
}

const AppearanceContext = createContext<AppearanceContextValue | null>(null);

export function useAppearance(): AppearanceContextValue {
  const value = useContext(AppearanceContext);
  if (!value) throw new Error("useAppearance outside <AppearanceProvider>");
  return value;
}

const sameAppearance = (a: Appearance, b: Appearance) =>
  a.kind === b.kind && a.primary === b.primary && a.secondary === b.secondary;

/** Makes the screen that calls it use this look (sign-in screens: the site's; signed in: the user's). */
export function useApplyAppearance(appearance: Appearance) {
  const { appearance: current, setAppearance } = useAppearance();
  useLayoutEffect(() => {
    if (!sameAppearance(current, appearance)) setAppearance(appearance);
  }, [appearance, current, setAppearance]);
}

/**
 * What antd's <App> gave the page, without its message, modal and notification machinery (those
 * load on demand): the theme's text colour, size, line height and font, and its variables
 * (ANTD_VARS) for antd's own rules outside its components: a link's colour.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={`csc-app ${ANTD_VARS}`}
      style={{
        minHeight: "100%",
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/** antd theme, locale and notifications for everything below; the look can change at run time. */
export function AppearanceProvider({ initial, children }: { initial: Appearance; children: ReactNode }) {
  const [appearance, setAppearance] = useState(initial);
  const { i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(() => antdTheme(appearance, { reducedMotion }), [appearance, reducedMotion]);
  const value = useMemo(() => ({ appearance, setAppearance }), [appearance]);

  useEffect(() => {
    const dark = isDark(appearance);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
    document.body.style.background = String(themeConfig.components?.Layout?.bodyBg ?? "");
    document.body.dataset.appearance = appearance.kind;
    const root = document.documentElement.style;
    root.setProperty("--csc-primary", appearance.primary);
    root.setProperty("--csc-primary-ink", primaryInk(appearance));
    root.setProperty("--csc-primary-fill", primaryFill(appearance));
    root.setProperty("--csc-on-primary", onPrimary(appearance));
    root.setProperty("--csc-primary-soft", withAlpha(appearance.primary, dark ? 0.2 : 0.1));
    root.setProperty("--csc-border", dark ? "#262d3d" : "#e7eaf0");
  }, [appearance, themeConfig]);

  return (
    <AppearanceContext.Provider value={value}>
      <ConfigProvider
        theme={themeConfig}
        locale={antdLocaleFor(language)}
        componentSize={isDark(appearance) ? "small" : "middle"}
      >
        <AppRoot>
          <NotificationHost />
          {children}
        </AppRoot>
      </ConfigProvider>
    </AppearanceContext.Provider>
  );
}
