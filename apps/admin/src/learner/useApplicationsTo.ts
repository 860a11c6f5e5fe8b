import { useList } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { type Application, postingIdOf } from "./applications";
import type { PostingKind } from "./postings";

/** The learner's applications to these postings, keyed by posting id (the latest one first wins). */
function applicationsByPosting(applications: Application[], column: keyof Application) {
  const byPosting = new Map<number, Application>();
  for (const application of applications) {
    const id = postingIdOf(application, column);
    if (id !== null && !byPosting.has(id)) byPosting.set(id, application);
  }
  return byPosting;
}

/**
 * The learner's applications to the postings on screen, in one call, and a card's action for
 * each: nothing until they have arrived (or while the previous page's stand in), so a card never
 * says "Registration closed" or offers Apply for a posting the learner has applied to.
 */
export function useApplicationsTo(kind: PostingKind, ids: number[], pageSize: number) {
  const applications = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize },
    filters: [{ field: kind.applicationColumn, operator: "eq", value: ids }],
    errorNotification: false,
    queryOptions: { enabled: ids.length > 0, placeholderData: keepPreviousData },
  });
  const settled = !applications.query.isLoading && !applications.query.isPlaceholderData;
  return settled ? applicationsByPosting(applications.result.data, kind.applicationColumn) : undefined;
}
