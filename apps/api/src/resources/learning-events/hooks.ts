import { placeFieldOf } from "@csc/shared";
import type { FieldErrors, ResourceHooks } from "../../engine/types.js";

/** The columns that say where an event takes place: a write that sets none of them leaves that as it was. */
const PLACE_COLUMNS = ["delivery_mode", "link", "venue"];

/**
 * Learning events: an online event needs its link, an offline one its venue (pipeline.ts
 * `placeFieldOf`). Checked when a write sets the mode or either place, so that an event saved
 * before the link existed stays editable until someone changes where it takes place.
 */
export const learningEventHooks: ResourceHooks = {
  rowErrors: async ({ row, changed, t }): Promise<FieldErrors> => {
    if (!PLACE_COLUMNS.some((name) => name in changed)) return {};
    const place = placeFieldOf(row.delivery_mode);
    const value = place ? row[place] : null;
    return place && (typeof value !== "string" || value.trim() === "") ? { [place]: t("validation:required") } : {};
  },
};
