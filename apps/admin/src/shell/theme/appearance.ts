import { roleKind } from "@csc/shared";
import { type ThemeConfig, theme } from "antd";
import { roleOf } from "../session/role";
import type { CurrentUser, Institution } from "../session/types";
import type { ResolvedSite, SiteAddress } from "../tenant/site";
import { contrastRatio, mix, normalizeHex, readableOn, withAlpha, withContrast } from "./color";

/**
 * Themes: the provider's admin area is dark and dense; institutions and learners are light
 * in the institution's colours; the recruiter site is lighter still, with its own buttons and cards.
 */
type AppearanceKind = "admin" | "institution" | "recruiter" | "learner";

export interface Appearance {
  kind: AppearanceKind;
  primary: string;
  secondary: string;
}

const BRAND = { primary: "#4263eb", secondary: "#f59f00" } as const;
const ADMIN = { primary: "#6282ff", secondary: "#fcc419" } as const;
const RECRUITER = { primary: "#0b7285", secondary: "#f76707" } as const;

const FONT_FAMILY =
  "Inter, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', 'Helvetica Neue', Arial, sans-serif";

function institutionAppearance(
  kind: AppearanceKind,
  institution: Pick<Institution, "primary_color" | "secondary_color">,
): Appearance {
  return {
    kind,
    primary: normalizeHex(institution.primary_color, BRAND.primary),
    secondary: normalizeHex(institution.secondary_color, BRAND.secondary),
  };
}

/** What a page looks like before anyone signs in: the site's own look. */
export function appearanceForSite(site: ResolvedSite | SiteAddress["kind"]): Appearance {
  const kind = typeof site === "string" ? site : site.kind;
  if (kind === "provider") return { kind: "admin", ...ADMIN };
  if (kind === "recruiter") return { kind: "recruiter", ...RECRUITER };
  if (typeof site !== "string" && site.kind === "institution")
    return institutionAppearance("institution", site.institution);
  return { kind: "institution", ...BRAND };
}

/** What a signed-in user's pages look like: by who they are, in their institution's colours. */
export function appearanceForUser(user: CurrentUser, site: ResolvedSite): Appearance {
  const kind = roleKind(roleOf(user));
  if (kind === "provider") return { kind: "admin", ...ADMIN };
  if (kind === "recruiter") return { kind: "recruiter", ...RECRUITER };
  const institution = user.institution ?? (site.kind === "institution" ? site.institution : null);
  const look = kind === "learner" ? "learner" : "institution";
  return institution ? institutionAppearance(look, institution) : { kind: look, ...BRAND };
}

export const isDark = (appearance: Appearance) => appearance.kind === "admin";

/** Colours of the sidebar: institutions show their primary colour when it is dark enough to carry white text. */
export interface SidebarPalette {
  menuTheme: "dark" | "light";
  background: string;
  text: string;
  mutedText: string;
  border: string;
  selectedBackground: string;
  selectedText: string;
  accent: string;
}

export function sidebarPalette(appearance: Appearance): SidebarPalette {
  const { primary, secondary } = appearance;
  if (appearance.kind === "admin") {
    return {
      menuTheme: "dark",
      background: "#0a0e16",
      text: "#e6e9f2",
      mutedText: "#8b93a7",
      border: "#1c2230",
      selectedBackground: withAlpha(primary, 0.22),
      selectedText: "#ffffff",
      accent: secondary,
    };
  }
  const darkEnough = contrastRatio(primary, "#ffffff") >= 4.5;
  if (appearance.kind === "institution" && darkEnough) {
    const background = mix(primary, "#0b1020", 0.35);
    return {
      menuTheme: "dark",
      background,
      text: "#ffffff",
      mutedText: withAlpha("#ffffff", 0.7),
      border: withAlpha("#ffffff", 0.12),
      selectedBackground: secondary,
      selectedText: readableOn(secondary),
      accent: secondary,
    };
  }
  return {
    menuTheme: "light",
    background: "#ffffff",
    text: "#1f2937",
    mutedText: "#6b7280",
    border: "#eef0f4",
    selectedBackground: withAlpha(primary, 0.1),
    selectedText: withContrast(primary, mix(primary, "#ffffff", 0.9)),
    accent: primary,
  };
}

/**
 * Secondary text on the light looks: antd's defaults (45% black) fall short of WCAG AA's 4.5:1 on
 * white and on the tinted page, so descriptions, labels, placeholders and hints get a darker grey.
 */
const LIGHT_TEXT = {
  colorTextSecondary: "#4b5563",
  colorTextTertiary: "#5f6673",
  colorTextDescription: "#5f6673",
  colorTextPlaceholder: "#6b7280",
  colorTextDisabled: "#8c919a",
  // a Delete button's text and error messages: antd's red (#ff4d4f) reads at 3.3:1 on white, red-7 at 5.9:1
  colorError: "#cf1322",
} as const;

/** The same on the dark console: antd's 45% white is too faint on its dark cards. */
const DARK_TEXT = {
  colorTextSecondary: "#b4bccc",
  colorTextTertiary: "#9aa3b5",
  colorTextDescription: "#9aa3b5",
  colorTextPlaceholder: "#8f98aa",
  colorTextDisabled: "#6c7486",
} as const;

/** The darkest (light looks) or lightest (dark console) surface that carries the primary colour as text. */
const PAGE_BACKGROUND: Record<AppearanceKind, (primary: string) => string> = {
  admin: () => "#1e232e",
  recruiter: () => "#f6f9fb",
  institution: (primary) => mix(primary, "#f5f7fb", 0.95),
  learner: (primary) => mix(primary, "#f5f7fb", 0.95),
};

/**
 * The primary colour as text (links, the selected tab, the current page, back links): deepened on
 * the light looks, lightened on the dark console, until it reads at 4.5:1 on every page surface.
 */
export const primaryInk = (appearance: Appearance) =>
  // the dark algorithm dims the link colour it is given by about a tenth: aim above 4.5 to land on it
  withContrast(appearance.primary, PAGE_BACKGROUND[appearance.kind](appearance.primary), isDark(appearance) ? 6 : 4.5);

/** The primary colour behind text (primary buttons, the avatar); on the dark console, deepened to carry white. */
export const primaryFill = (appearance: Appearance) =>
  isDark(appearance) ? withContrast(appearance.primary, "#ffffff", 5) : appearance.primary;

/**
 * Text on a primary fill (buttons, the avatar): black or white, whichever reads — institutions choose
 * their own colours, and not every one carries white text. The dark console keeps white text on a
 * primary deepened just enough to carry it.
 */
export const onPrimary = (appearance: Appearance) => (isDark(appearance) ? "#ffffff" : readableOn(appearance.primary));

function primaryTextTokens(appearance: Appearance) {
  const ink = primaryInk(appearance);
  const fill = isDark(appearance)
    ? {
        colorPrimary: primaryFill(appearance),
        colorPrimaryHover: withContrast(appearance.primary, "#ffffff", 4.6),
        colorPrimaryActive: withContrast(appearance.primary, "#ffffff", 5.5),
      }
    : {};
  return {
    token: { colorLink: ink },
    components: {
      Button: { ...fill, primaryColor: onPrimary(appearance) },
      Tabs: { itemSelectedColor: ink, itemHoverColor: ink, itemActiveColor: ink },
      Pagination: { itemActiveColor: ink },
    },
  };
}

/**
 * Status tags: antd's preset green and gold text sit near 3:1 on their own tint, so the light looks
 * seed those two palettes two shades darker (green-8, gold-9); the tag text then reads at 4.5:1, also
 * on a hovered or selected row.
 */
const LIGHT_TAGS = { green: "#237804", gold: "#874d00" } as const;

/**
 * The class antd's theme variables hang on: antd gives it to its components, and the app's root
 * has it too, so that what antd styles outside its components (links) reads the same theme.
 */
export const ANTD_VARS = "antd-vars";

/**
 * The theme antd is given: the look's (themeFor), in antd's CSS-variable mode and without hashed
 * class names. A component's styles then read colours and sizes from CSS variables
 * (`--ant-color-primary`…) and are the same text for every site's colours, for the admin's dark
 * theme and with reduced motion, so the build writes them into a style sheet once
 * (build/antd-styles.ts) and a page only sets its theme's variables, on the class ANTD_VARS.
 * Motion off for someone who asked for less (rc-motion then shows and hides at once); our own
 * transitions follow the same setting in global.css.
 */
export function antdTheme(appearance: Appearance, { reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  const look = themeFor(appearance);
  return {
    ...look,
    cssVar: { key: ANTD_VARS },
    hashed: false,
    ...(reducedMotion ? { token: { ...look.token, motion: false } } : {}),
  };
}

export function themeFor(appearance: Appearance): ThemeConfig {
  const sidebar = sidebarPalette(appearance);
  const menu = {
    darkItemBg: sidebar.background,
    darkSubMenuItemBg: sidebar.background,
    darkPopupBg: sidebar.background,
    darkItemColor: sidebar.mutedText,
    darkItemHoverColor: sidebar.text,
    darkItemSelectedBg: sidebar.selectedBackground,
    darkItemSelectedColor: sidebar.selectedText,
    darkItemDisabledColor: withAlpha(sidebar.text, 0.35),
    itemSelectedBg: sidebar.selectedBackground,
    itemSelectedColor: sidebar.selectedText,
    itemBg: sidebar.background,
    subMenuItemBg: sidebar.background,
    itemMarginInline: 8,
    itemBorderRadius: 8,
  };
  const layout = { siderBg: sidebar.background, triggerBg: sidebar.background };

  const primaryText = primaryTextTokens(appearance);

  if (appearance.kind === "admin") {
    return {
      algorithm: [theme.darkAlgorithm, theme.compactAlgorithm],
      token: {
        colorPrimary: appearance.primary,
        colorInfo: appearance.primary,
        colorWarning: appearance.secondary,
        colorBgBase: "#0f131c",
        colorBgLayout: "#0d111a",
        colorBgContainer: "#151a25",
        colorBgElevated: "#1b2130",
        colorBorder: "#2a3142",
        colorBorderSecondary: "#222939",
        ...primaryText.token,
        ...DARK_TEXT,
        borderRadius: 8,
        fontFamily: FONT_FAMILY,
      },
      components: {
        ...primaryText.components,
        Layout: { ...layout, headerBg: "#111622", bodyBg: "#0d111a" },
        Menu: menu,
        Card: { headerBg: "transparent" },
      },
    };
  }

  if (appearance.kind === "recruiter") {
    return {
      algorithm: theme.defaultAlgorithm,
      token: {
        colorPrimary: appearance.primary,
        colorInfo: appearance.primary,
        ...primaryText.token,
        colorWarning: appearance.secondary,
        colorBgLayout: "#f6f9fb",
        colorBorderSecondary: "#e8eef2",
        ...LIGHT_TEXT,
        ...LIGHT_TAGS,
        borderRadius: 12,
        fontFamily: FONT_FAMILY,
      },
      components: {
        ...primaryText.components,
        Layout: { ...layout, headerBg: "#ffffff", bodyBg: "#f6f9fb" },
        Menu: menu,
        Button: {
          ...primaryText.components.Button,
          borderRadius: 999,
          borderRadiusLG: 999,
          borderRadiusSM: 999,
          fontWeight: 600,
          paddingInline: 20,
          primaryShadow: `0 6px 16px -8px ${withAlpha(appearance.primary, 0.7)}`,
          defaultShadow: "none",
        },
        Card: {
          borderRadiusLG: 18,
          headerBg: mix(appearance.primary, "#ffffff", 0.94),
          boxShadowTertiary: "0 1px 2px rgba(16, 24, 40, 0.04), 0 8px 24px -12px rgba(16, 24, 40, 0.12)",
        },
      },
    };
  }

  return {
    algorithm: theme.defaultAlgorithm,
    token: {
      colorPrimary: appearance.primary,
      colorInfo: appearance.primary,
      ...primaryText.token,
      colorWarning: appearance.secondary,
      colorBgLayout: mix(appearance.primary, "#f5f7fb", 0.95),
      ...LIGHT_TEXT,
      ...LIGHT_TAGS,
      borderRadius: 10,
      fontFamily: FONT_FAMILY,
    },
    components: {
      ...primaryText.components,
      Layout: { ...layout, headerBg: "#ffffff", bodyBg: mix(appearance.primary, "#f5f7fb", 0.95) },
      Menu: menu,
      Card: { headerBg: "transparent" },
    },
  };
}
