import type { Locator, Page } from "playwright-core";

/** The applicant table's columns, in order. */
export const APPLICANT_COLUMNS = [
  "S.No.",
  "Student Name",
  "Skill match",
  "Email",
  "Contact number",
  "Profession",
  "Institution",
  "Applied Date",
  "Applicant Type",
  "Status",
  "Department/Program",
  "Attendance",
  "Assessment",
];

/** The column headers of the applicant table inside `scope`, the selection column left out. */
export async function applicantHeaders(scope: Page | Locator): Promise<string[]> {
  const cells = scope.locator('[data-testid="applicants-table"] .ant-table-thead th:not(.ant-table-selection-column)');
  return (await cells.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}
