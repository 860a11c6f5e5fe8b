import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The list's table once its rows are there (not the skeleton, not the empty state). */
export async function listTable(): Promise<HTMLElement> {
  const table = await screen.findByRole("table");
  await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  return table;
}

/** The data rows of a table (antd's measure row and header left out). */
export const bodyRows = (table: HTMLElement): HTMLElement[] =>
  within(table)
    .queryAllByRole("row")
    .filter((row) => row.classList.contains("ant-table-row"));

/** The visible header texts, in order. */
export const headerTexts = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent?.trim() ?? "");

/** The text of each row's cell under the column headed `header`. */
export function columnTexts(table: HTMLElement, header: string): string[] {
  const index = headerTexts(table).indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${headerTexts(table).join(", ")}`);
  return bodyRows(table).map((row) => row.querySelectorAll("td")[index]?.textContent?.trim() ?? "");
}

/**
 * Opens an antd select and picks the option labelled `label`. antd draws its options as a virtual
 * list without roles (the listbox it names for screen readers holds only the active option's
 * neighbours), so the open dropdown's options are found by antd's class; the last dropdown
 * opened is the one not marked hidden.
 */
export async function choose(user: UserEvent, combobox: HTMLElement, label: string): Promise<void> {
  await user.click(combobox);
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")];
    const options = open.flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>(".ant-select-item-option")]);
    const found = options.find((candidate) => candidate.textContent?.trim() === label);
    if (!found) throw new Error(`no option "${label}" among ${options.map((o) => o.textContent).join(", ")}`);
    return found;
  });
  await user.click(option);
}
