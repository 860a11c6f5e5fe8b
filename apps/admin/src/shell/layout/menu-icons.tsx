import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  ContactsOutlined,
  DashboardOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  FormOutlined,
  GlobalOutlined,
  HistoryOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  RocketOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserDeleteOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from "@ant-design/icons";
import {
  type IconName,
  isResourceName,
  MENU,
  type MenuDefinition,
  type MenuName,
  RESOURCES,
  type ResourceName,
} from "@csc/shared";
import type { ReactNode } from "react";

/** How each icon a menu entry or a resource names (@csc/shared `ICON_NAMES`) is drawn. */
const ICONS: Record<IconName, ReactNode> = {
  apartment: <ApartmentOutlined />,
  appstore: <AppstoreOutlined />,
  bank: <BankOutlined />,
  calendar: <CalendarOutlined />,
  "cloud-upload": <CloudUploadOutlined />,
  contacts: <ContactsOutlined />,
  dashboard: <DashboardOutlined />,
  download: <DownloadOutlined />,
  experiment: <ExperimentOutlined />,
  form: <FormOutlined />,
  global: <GlobalOutlined />,
  history: <HistoryOutlined />,
  idcard: <IdcardOutlined />,
  inbox: <InboxOutlined />,
  message: <MessageOutlined />,
  "node-index": <NodeIndexOutlined />,
  "play-circle": <PlayCircleOutlined />,
  read: <ReadOutlined />,
  rocket: <RocketOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  solution: <SolutionOutlined />,
  tags: <TagsOutlined />,
  team: <TeamOutlined />,
  trophy: <TrophyOutlined />,
  user: <UserOutlined />,
  "user-delete": <UserDeleteOutlined />,
  "user-switch": <UserSwitchOutlined />,
  "usergroup-add": <UsergroupAddOutlined />,
};

/** The icon of every menu entry, from the entry's definition: used by the sidebar and dashboard shortcuts. */
export const MENU_ICONS = Object.fromEntries(
  flattenDefinitions(MENU).map((entry) => [entry.name, ICONS[entry.icon]]),
) as Record<MenuName, ReactNode>;

function flattenDefinitions(entries: readonly MenuDefinition[]): MenuDefinition[] {
  return entries.flatMap((entry) => [entry, ...flattenDefinitions(entry.children ?? [])]);
}

/** The icon of a resource's pages: its menu entry's, or its own when the menus leave it out. */
export const screenIcon = (name: MenuName | ResourceName): ReactNode => {
  if (Object.hasOwn(MENU_ICONS, name)) return MENU_ICONS[name as MenuName];
  const icon = isResourceName(name) ? RESOURCES[name].icon : undefined;
  return icon ? ICONS[icon] : undefined;
};
