import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
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
import type { MenuName, ResourceName } from "@csc/shared";
import type { ReactNode } from "react";

/** One icon per menu entry (DESIGN §2a names), used by the sidebar and dashboard shortcuts. */
export const MENU_ICONS: Record<MenuName, ReactNode> = {
  dashboard: <DashboardOutlined />,
  profile: <UserOutlined />,
  institutions: <BankOutlined />,
  "institution-details": <BankOutlined />,
  learners: <TeamOutlined />,
  students: <SolutionOutlined />,
  employees: <IdcardOutlined />,
  "career-roadmap": <NodeIndexOutlined />,
  "self-assessment": <FormOutlined />,
  courses: <ReadOutlined />,
  scholarship: <TrophyOutlined />,
  "learning-events": <CalendarOutlined />,
  "job-opportunities": <RocketOutlined />,
  "global-partners": <GlobalOutlined />,
  recruiters: <UsergroupAddOutlined />,
  "recruiters-existing": <ContactsOutlined />,
  "recruiters-request": <InboxOutlined />,
  "college-recruiters": <UsergroupAddOutlined />,
  "company-profile": <ShopOutlined />,
  "enrichment-programs": <ExperimentOutlined />,
  "feature-profile": <AppstoreOutlined />,
  "institution-feature-profile": <AppstoreOutlined />,
  users: <UserSwitchOutlined />,
  configuration: <SettingOutlined />,
  "program-departments": <ApartmentOutlined />,
  tags: <TagsOutlined />,
  testimonials: <MessageOutlined />,
  "activity-logs": <HistoryOutlined />,
  "deleted-users": <UserDeleteOutlined />,
  "download-logs": <DownloadOutlined />,
};

/** Icons of the resources the menus leave out, opened from another page (issue 12). */
const SCREEN_ICONS: Partial<Record<ResourceName, ReactNode>> = {
  tutorials: <PlayCircleOutlined />,
};

/** The icon of a resource's pages: its menu entry's, or its own when the menus leave it out. */
export const screenIcon = (name: MenuName | ResourceName): ReactNode =>
  Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name as MenuName] : SCREEN_ICONS[name as ResourceName];
