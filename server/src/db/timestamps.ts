/**
 * A timestamp column as the API answers it: ISO 8601 in UTC. The drivers hand a timestamptz over
 * as a Date (db-adapters.test.ts); a value that went through JSON is a string already.
 */
export const iso = (at: Date | string): string => new Date(at).toISOString();

export const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at));
