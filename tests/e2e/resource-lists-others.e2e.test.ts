import { walkEveryMenuEntry } from "./support/menu-walk";

walkEveryMenuEntry("every menu entry of company staff, recruiters and learners opens a working page", [
  { email: "company.admin@example.com", site: "himal" },
  { email: "company.editor@example.com", site: "himal" },
  { email: "company.viewer@example.com", site: "himal" },
  { email: "recruiter.admin@example.com", site: "recruiter" },
  { email: "recruiter.editor@example.com", site: "recruiter" },
  { email: "recruiter.viewer@example.com", site: "recruiter" },
  { email: "student@example.com", site: "kmc" },
  { email: "employee@example.com", site: "himal" },
  { email: "learner@example.com", site: "" },
]);
