import { LRUCache } from "lru-cache";

/**
 * A cache of up to `max` entries; the least recently used goes first when a new one comes in.
 * `holds` says what it keeps, `invalidatedBy` what makes an entry wrong and how that is handled.
 */
interface BoundedCacheInfo {
  kind: "bounded";
  max: number;
  holds: string;
  invalidatedBy: string;
}

/**
 * A value worked out once per key object (a database, a resource definition, an ability, a frozen
 * row) and kept as long as that object lives (a WeakMap): bounded by the objects themselves.
 */
interface MemoInfo {
  kind: "memo";
  holds: string;
  invalidatedBy: string;
}

/**
 * Every cache the API keeps, with its bound and what invalidates it: the one list to read before
 * asking "could this answer be stale?". Each is made through `boundedCache` or `objectMemo`
 * below, by its name here; nothing else in the API keeps entries across requests.
 */
const CACHES = {
  sqliteResults: {
    kind: "bounded",
    max: 1_000,
    holds:
      "answers (frozen rows) of read-only SQLite statements, by statement and parameters; answers over 1,000 rows are not kept",
    invalidatedBy:
      "emptied by every writing statement and by BEGIN, COMMIT and ROLLBACK on the connection, and when SQLite's data_version shows another connection committed (looked at every 10 ms); statements reading the clock or chance are never kept (platform/db/connect.ts)",
  },
  sqliteStatements: {
    kind: "bounded",
    max: 500,
    holds: "prepared SQLite statements, by SQL",
    invalidatedBy: "nothing: SQLite prepares a kept statement again itself after a schema change",
  },
  verifiedTokens: {
    kind: "bounded",
    max: 10_000,
    holds: "the claims of access tokens whose signature was checked, by token",
    invalidatedBy:
      "a token past its expiry is checked again; a revoked token or a changed account is caught by the per-request account query, which reads the token version and the revocations (platform/plugins/session.ts)",
  },
  abilities: {
    kind: "bounded",
    max: 1_000,
    holds:
      "CASL abilities, by token version and every input of the ability (role, tenant, plan, features, permissions)",
    invalidatedBy: "nothing needed: a change to any input makes a new key",
  },
  abilitiesOfUsers: {
    kind: "memo",
    holds: "the ability of a session user object",
    invalidatedBy: "the session user object is made anew from a new account row",
  },
  requestAbilities: {
    kind: "memo",
    holds: "the ability of a request, looked up on first use",
    invalidatedBy: "lives with the request",
  },
  reaches: {
    kind: "memo",
    holds: "the SQL conditions an ability reaches, by action, resource and alias (engine/access.ts)",
    invalidatedBy: "lives with the ability, which never changes",
  },
  compiledListsOfDatabase: {
    kind: "memo",
    holds: "the compiled-lists cache of a database (SQLite's SQL is not PostgreSQL's)",
    invalidatedBy: "lives with the database handle",
  },
  compiledLists: {
    kind: "bounded",
    max: 1_000,
    holds:
      "the compiled SQL of a list's page and count, by resource, reach, query and learner (engine/store.ts `listKey`)",
    invalidatedBy:
      "nothing needed: the key holds everything the SQL is made of; lists whose SQL reads the clock are not kept",
  },
  readers: {
    kind: "memo",
    holds: "the fields each role reads of a resource, with their decoders (engine/read.ts)",
    invalidatedBy: "lives with the resource definition, fixed at start-up",
  },
  decodedRows: {
    kind: "memo",
    holds: "a frozen row of the SQLite result cache as each reader receives it, decoded once (engine/read.ts)",
    invalidatedBy: "a write empties the result cache, so the next answer holds new row objects",
  },
  listShapes: {
    kind: "memo",
    holds: "what a resource's list accepts to sort and filter by (engine/list.ts)",
    invalidatedBy: "lives with the resource definition, fixed at start-up",
  },
  tokenUserQueries: {
    kind: "memo",
    holds: "the compiled query of a token's user, per database",
    invalidatedBy: "lives with the database handle; the SQL never changes",
  },
  sessionUsers: {
    kind: "memo",
    holds: "the session user made from a frozen account row of the SQLite result cache",
    invalidatedBy: "a write empties the result cache, so the next request reads a new row",
  },
  mailCatalogues: {
    kind: "bounded",
    max: 8,
    holds: "the translated messages of a locales directory, for mail in the recipient's language",
    invalidatedBy: "nothing: locale files are read once per process",
  },
  oidcProviders: {
    kind: "bounded",
    max: 200,
    holds:
      "institutions' identity providers as discovered (OpenID Connect metadata, with the keys they sign with), by issuer, client id and a hash of the secret (platform/oidc-client.ts)",
    invalidatedBy:
      "asked again after ten minutes; new settings are a new key; a failed discovery is not kept; keys unknown to the kept set are fetched again by openid-client",
  },
  seedLogos: {
    kind: "bounded",
    max: 1_000,
    holds: "the demo's logo badges rendered as PNG, by their drawing (SVG), for every database a process seeds",
    invalidatedBy: "nothing: a badge's drawing is its key",
  },
} as const satisfies Record<string, BoundedCacheInfo | MemoInfo>;

type CacheName = keyof typeof CACHES;
type NameOf<Kind extends string> = { [N in CacheName]: (typeof CACHES)[N]["kind"] extends Kind ? N : never }[CacheName];

/** The bounded cache listed as `name` in CACHES. */
export function boundedCache<K extends {}, V extends {}>(name: NameOf<"bounded">): LRUCache<K, V> {
  return new LRUCache<K, V>({ max: CACHES[name].max });
}

/**
 * The memo listed as `name` in CACHES: `memo(key, make)` answers what `make(key)` answered the
 * first time for this key object.
 */
export function objectMemo<K extends object, V>(name: NameOf<"memo">): (key: K, make: (key: K) => V) => V {
  void CACHES[name];
  const kept = new WeakMap<K, V>();
  return (key, make) => {
    const known = kept.get(key);
    if (known !== undefined || kept.has(key)) return known as V;
    const value = make(key);
    kept.set(key, value);
    return value;
  };
}
