import type { Locator, Page } from "playwright-core";

/** Spec §2: the applicant table's columns, in order. */
export const APPLICANT_COLUMNS = [
  "S.No.",
  "Student Name",
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

/**
 * Picks an option of a searchable antd select (`select`: the select or its input) by its label,
 * and makes sure it took: a click on an option while the list still slides in can miss it, and
 * the form would then go on without the choice. Tries again, at most three times.
 */
export async function pickOption(page: Page, select: string, label: string) {
  const root = page.locator(`.ant-select:has(${select}), .ant-select${select}`).first();
  const chosen = root.locator(`.ant-select-selection-item[title="${label}"]`);
  for (let attempt = 1; ; attempt++) {
    await page.locator(select).click();
    await page.keyboard.type(label);
    await page
      .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`)
      .click();
    try {
      await chosen.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
