import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { type Appearance, antdTheme, appearanceForSite } from "../src/shell/theme/appearance";

/**
 * The antd components the app renders, whose styles the build writes into a style sheet. One left
 * out still works: antd writes its styles into the page when it first renders, as before (so does
 * `notification`, loaded with the first toast). The test beside antdTheme checks a shell-like page.
 */
const COMPONENTS = [
  "Alert",
  "Avatar",
  "Badge",
  "Button",
  "Card",
  "Checkbox",
  "Col",
  "Collapse",
  "DatePicker",
  "Descriptions",
  "Divider",
  "Drawer",
  "Dropdown",
  "Empty",
  "Form",
  "Image",
  "Input",
  "InputNumber",
  "Layout",
  "Menu",
  "Modal",
  "Pagination",
  "Popover",
  "Progress",
  "Radio",
  "Result",
  "Row",
  "Segmented",
  "Select",
  "Skeleton",
  "Space",
  "Spin",
  "Switch",
  "Table",
  "Tabs",
  "Tag",
  "Timeline",
  "Tooltip",
  "Typography",
  "Upload",
] as const;

/** Props a component needs to render at all on the server. */
const PROPS: Partial<Record<(typeof COMPONENTS)[number], Record<string, unknown>>> = {
  Dropdown: { menu: { items: [] } },
  Menu: { items: [] },
};

/** One look of each kind: a kind's theme sets its own tokens, and antd's style cache keys on which. */
function looks(): Appearance[] {
  const institution = appearanceForSite("institution");
  return [
    appearanceForSite("provider"),
    institution,
    appearanceForSite("recruiter"),
    { ...institution, kind: "learner" },
  ];
}

/** The rule naming each cached style's path; antd reads it when it first renders (cssinjs cacheMapUtil). */
export const CACHE_MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/**
 * antd's styles for COMPONENTS as one style sheet, for every look the app has (antdTheme): in
 * CSS-variable mode they are one text, checked here, and the sheet ends with the rule that names
 * each look's cache paths (`.data-ant-cssinjs-cache-path`). When antd first renders it reads that
 * rule and leaves out, for those paths, the styles it would have written into the page. Only the
 * styles (`types: "style"`): the variables' values are each theme's, set by the page at run time.
 */
export function antdStyleSheet(): string {
  // antd's CommonJS build, as Node loads it, rendered on the server into a cache for each look
  const require = createRequire(import.meta.url);
  const React: typeof import("react") = require("react");
  const { renderToString }: typeof import("react-dom/server") = require("react-dom/server");
  const antd: typeof import("antd") = require("antd");
  const cssinjs: typeof import("@ant-design/cssinjs") = require("@ant-design/cssinjs");
  const { Form, Input, Layout, Space, Tag } = antd;
  const h = React.createElement;
  const components = [
    ...COMPONENTS.map((name) =>
      h(antd[name] as React.ComponentType<Record<string, unknown>>, { key: name, ...PROPS[name] }),
    ),
    // parts whose styles are apart from their component's: the shell's sidebar, a form's fields,
    // coloured tags (a preset colour, a status), text areas and grouped inputs
    h(Layout.Sider, { key: "Layout.Sider" }),
    h(Form, { key: "Form.Item" }, h(Form.Item, { label: "x" }, h(Input))),
    h(Tag, { key: "Tag.preset", color: "green" }),
    h(Tag, { key: "Tag.status", color: "success" }),
    h(Input.TextArea, { key: "Input.TextArea" }),
    h(Input.Search, { key: "Input.Search" }),
    h(Space.Compact, { key: "Space.Compact" }, h(Input)),
  ];

  let styles: string | undefined;
  const paths: string[] = [];
  for (const appearance of looks()) {
    for (const reducedMotion of [false, true]) {
      const cache = cssinjs.createCache();
      const theme = antdTheme(appearance, { reducedMotion });
      renderToString(h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, components)));
      const sheet = cssinjs.extractStyle(cache, { plain: true, types: "style" });
      const map = CACHE_MAP.exec(sheet);
      if (!map?.[1]) throw new Error("antd's extracted styles carry no cache map: has @ant-design/cssinjs changed?");
      const text = sheet.replace(CACHE_MAP, "");
      if (styles !== undefined && text !== styles) {
        throw new Error(
          `antd's styles differ for the ${appearance.kind} look: antdTheme no longer makes them one text`,
        );
      }
      styles = text;
      paths.push(map[1]);
    }
  }
  return `${styles}.data-ant-cssinjs-cache-path{content:"${[...new Set(paths.join(";").split(";"))].join(";")}";}`;
}

const MODULE = "virtual:antd-styles.css";

/** `import "virtual:antd-styles.css"`: antdStyleSheet(), made once per build or dev server. */
export function antdStyles(): Plugin {
  let sheet: string | undefined;
  return {
    name: "csc:antd-styles",
    resolveId: (id) => (id === MODULE ? `\0${MODULE}` : undefined),
    load(id) {
      if (id !== `\0${MODULE}`) return undefined;
      sheet ??= antdStyleSheet();
      return sheet;
    },
  };
}
