import { ENROLMENT_RESOURCE, type EnrolmentItemType, flattenMenu, type MenuItem, type MenuName } from "@csc/shared";
import { pathsFor } from "../engine/paths";
import { learningKindOf } from "./learning";

/** The learner's enabled menu entry of this name, if they have one. */
export const entryOf = (menu: readonly MenuItem[], name: MenuName): MenuItem | undefined =>
  flattenMenu(menu).find((item) => item.name === name && item.path && !item.disabled);

/** The kind of learning item a catalogue resource holds (courses → course…), or null for any other resource. */
export const learningItemTypeOf = (resource: string): EnrolmentItemType | null =>
  (Object.entries(ENROLMENT_RESOURCE).find(([, name]) => name === resource)?.[0] as EnrolmentItemType | undefined) ??
  null;

/** Where a course, program or roadmap opens for the learner: its catalogue's entry (enrichment programs run under Courses). */
export function learningItemPath(
  menu: readonly MenuItem[],
  itemType: EnrolmentItemType,
  id: number,
): string | undefined {
  if (itemType === "career-roadmap") {
    const entry = entryOf(menu, ENROLMENT_RESOURCE["career-roadmap"]);
    return entry ? `${pathsFor(entry).base}/show/${id}` : undefined;
  }
  const entry = entryOf(menu, ENROLMENT_RESOURCE.course);
  if (!entry) return undefined;
  const kind = itemType === "course" ? "" : `?kind=${learningKindOf(itemType).resource}`;
  return `${pathsFor(entry).base}/show/${id}${kind}`;
}
