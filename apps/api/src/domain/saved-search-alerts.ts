import { ALERT_RESOURCES, isResourceName, postingTypeOf, RESOURCES, type SavedSearchAlert } from "@csc/shared";
import type { Kysely } from "kysely";
import { reachOf } from "../engine/access.js";
import { parseListQuery } from "../engine/list.js";
import { ALIAS, listRows } from "../engine/store.js";
import type { Database } from "../platform/db/schema.js";
import { abilityOf } from "../platform/plugins/session.js";
import { nowIso } from "../platform/time.js";
import { rawQueryOf } from "../routes/saved-searches.js";
import { findSessionUser } from "./accounts.js";
import { type Notice, notifyWith } from "./notifications.js";
import { postingPagePath } from "./site-mail.js";

/** Searches one pass reads at most (in pages), and postings one search tells of per pass. */
const SEARCHES_PER_PAGE = 200;
const MOST_SEARCHES = 5_000;
const POSTINGS_PER_SEARCH = 50;

/**
 * A learner's saved searches that alert them: each pass runs every such search as its owner would
 * (their own reach, the list's own query) and tells them of each posting that matches it and was
 * posted after they saved it, once (`saved_search_hits`): in their bell, and by mail when the
 * search says (at once, or in the daily or weekly digest), unless they turned such mail off. The
 * statement that records a hit is in the transaction that tells of it, so two processes never tell
 * of one posting twice. Answers how many postings it told of.
 */
export async function alertSavedSearches(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
): Promise<number> {
  let told = 0;
  let after = 0;
  for (let read = 0; read < MOST_SEARCHES; read += SEARCHES_PER_PAGE) {
    const searches = await db
      .selectFrom("saved_searches")
      .select(["id", "user_id", "resource", "name", "query", "alert", "origin", "created_at"])
      .where("alert", "!=", "off")
      .where("resource", "in", ALERT_RESOURCES)
      .where("id", ">", after)
      .orderBy("id")
      .limit(SEARCHES_PER_PAGE)
      .execute();
    for (const search of searches) told += await alertOne(db, config, search);
    if (searches.length < SEARCHES_PER_PAGE) break;
    after = searches.at(-1)?.id ?? after;
  }
  return told;
}

interface AlertingSearch {
  id: number;
  user_id: number;
  resource: string;
  name: string;
  query: string;
  alert: SavedSearchAlert;
  origin: string;
  created_at: string;
}

async function alertOne(
  db: Kysely<Database>,
  config: { localesDir: string; jwtSecret: string },
  search: AlertingSearch,
): Promise<number> {
  if (!isResourceName(search.resource)) return 0;
  const type = postingTypeOf(search.resource);
  const user = await findSessionUser(db, search.user_id);
  if (!type || !user || user.status !== "active") return 0;
  const resource = RESOURCES[search.resource];
  const parsed = parseListQuery(resource, rawQueryOf(search.query));
  if (!parsed.ok || parsed.query.learnerTab !== null || parsed.query.scope !== "all") return 0;
  const reach = reachOf(abilityOf(user), "read", resource.name, ALIAS);
  // the newest first: what was posted since the last pass is at the top, whatever the list's own order
  const { rows } = await listRows(db, resource, reach, {
    ...parsed.query,
    // a new posting is news whatever time tab the search was saved on (the learner's list opens
    // on "Ongoing", where a posting that starts next week would never show)
    window: null,
    sort: [{ field: "id", order: "desc" }],
    start: 0,
    end: POSTINGS_PER_SEARCH,
  });
  const fresh = rows.filter((row) => String(row.created_at ?? "") >= search.created_at);
  if (fresh.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    // only the postings this statement records are news: another process may have told of the rest
    const hits = await trx
      .insertInto("saved_search_hits")
      .values(fresh.map((row) => ({ saved_search_id: search.id, posting_id: Number(row.id), created_at: at })))
      .onConflict((oc) => oc.columns(["saved_search_id", "posting_id"]).doNothing())
      .returning("posting_id")
      .execute();
    const news = new Set(hits.map((hit) => hit.posting_id));
    const notices: Notice[] = fresh
      .filter((row) => news.has(Number(row.id)))
      .map((row) => ({
        userId: user.id,
        kind: "saved-search-match",
        params: { search: search.name, posting: String(row[resource.titleField] ?? "") },
        link: postingPagePath(type, Number(row.id)),
        about: { resource: resource.name, id: Number(row.id) },
        email: search.alert,
      }));
    await notifyWith(trx, { ...config, originOf: () => search.origin }, notices, { at });
    return notices.length;
  });
}
