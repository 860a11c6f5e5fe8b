import { isProviderRole } from "@csc/shared";
import type { SelectProps } from "antd";
import { useSession } from "../../shell/session/SessionContext";

/** Select menus are at most 250 px high, 169 px for short lists. */
const SELECT_LIST_HEIGHT = 250;
const SHORT_SELECT_LIST_HEIGHT = 169;
const SHORT_LIST_OPTIONS = 5;
const listHeightFor = (optionCount: number) =>
  optionCount <= SHORT_LIST_OPTIONS ? SHORT_SELECT_LIST_HEIGHT : SELECT_LIST_HEIGHT;

/**
 * The first four provider roles get their own select style — filled and borderless,
 * denser, to suit the dark admin theme; everyone else gets the outlined selects of their theme.
 */
export function useSelectStyle(
  optionCount = Number.POSITIVE_INFINITY,
): Pick<SelectProps, "variant" | "classNames" | "listHeight"> & { "data-select-style": string } {
  const { role } = useSession();
  const provider = isProviderRole(role);
  return {
    variant: provider ? "filled" : "outlined",
    classNames: { popup: { root: provider ? "csc-select-popup csc-select-popup--provider" : "csc-select-popup" } },
    listHeight: listHeightFor(optionCount),
    "data-select-style": provider ? "provider" : "default",
  };
}
