import { walkEveryMenuEntry } from "./support/menu-walk";

walkEveryMenuEntry("every menu entry of provider and college staff opens a working page", [
  { email: "superadmin@example.com", site: "" },
  { email: "skilllab.admin@example.com", site: "" },
  { email: "skilllab.editor@example.com", site: "" },
  { email: "skilllab.viewer@example.com", site: "" },
  { email: "college.admin@example.com", site: "kmc" },
  { email: "college.editor@example.com", site: "kmc" },
  { email: "college.viewer@example.com", site: "kmc" },
]);
