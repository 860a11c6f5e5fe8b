/** Timestamps are stored as ISO-8601 UTC strings (see platform/db/schema.ts). */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
