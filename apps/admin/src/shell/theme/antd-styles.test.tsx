import { createCache, StyleProvider } from "@ant-design/cssinjs";
import { Button, ConfigProvider, Form, Input, Layout, Menu, Select, Table, Tag } from "antd";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { antdStyleSheet, CACHE_MAP } from "../../../build/antd-styles";
import { type Appearance, antdTheme, appearanceForSite } from "./appearance";

const sheet = antdStyleSheet();
/** The cache paths the sheet's last rule names: antd leaves their styles out of the page. */
const namedPaths = new Set(
  (CACHE_MAP.exec(sheet)?.[1] ?? "").split(";").map((entry) => entry.slice(0, entry.lastIndexOf(":"))),
);

/** The style paths antd registers when it renders a shell-like page in `appearance`'s theme. */
function pathsRendered(appearance: Appearance, reducedMotion: boolean): string[] {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={antdTheme(appearance, { reducedMotion })}>
        <Layout>
          <Layout.Sider>
            <Menu items={[{ key: "home", label: "Home" }]} />
          </Layout.Sider>
          <Form>
            <Form.Item label="Name">
              <Input />
            </Form.Item>
            <Select options={[]} />
          </Form>
          <Table dataSource={[{ key: 1, name: "A" }]} columns={[{ dataIndex: "name", title: "Name" }]} />
          <Tag color="green">Hired</Tag>
          <Button type="primary">Save</Button>
        </Layout>
      </ConfigProvider>
    </StyleProvider>,
  );
  // a style's cache key is `style%<token key>%<path…>`; the sheet names it `<token key>|<path…>`
  return [...cache.cache.keys()]
    .filter((key) => key.startsWith("style%"))
    .map((key) => key.slice("style%".length).split("%").join("|"));
}

const college: Appearance = { kind: "institution", primary: "#7a1f5c", secondary: "#2b8a3e" };
const looks: [string, Appearance][] = [
  ["the provider's dark console", appearanceForSite("provider")],
  ["a college's site in its own colours", college],
  ["the recruiter site", appearanceForSite("recruiter")],
  ["a learner of that college", { ...college, kind: "learner" }],
];

describe("antd's styles written by the build (build/antd-styles.ts)", () => {
  it("is antd's styles without hashed class names, ending with the rule that names their paths", () => {
    expect(sheet).toContain(".ant-btn{");
    expect(sheet).toContain(".ant-table-wrapper");
    expect(sheet).not.toMatch(/\.css-[a-z0-9]{5,}/);
    expect(sheet.trimEnd()).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]+";\}$/);
  });

  describe.each(looks)("%s", (_, appearance) => {
    it.each([false, true])("names every style antd renders in it (reduced motion: %s)", (reducedMotion) => {
      const rendered = pathsRendered(appearance, reducedMotion);
      expect(rendered.length).toBeGreaterThan(8);
      expect(rendered.filter((path) => !namedPaths.has(path))).toEqual([]);
    });
  });
});
