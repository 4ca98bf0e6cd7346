/**
 * The query string parser of every route: Node's own, plus one convenience for lists. Filters are
 * a JSON object (`filters={"language":"fr"}`); the bracket form (`filters[language]=fr`, what many
 * HTTP clients write for a nested object) is folded into that JSON object here, so both reach the
 * list's filter schema, which checks each value. Both forms at once is a 422 on `filters`.
 */
import { parse } from 'node:querystring';

const BRACKETED = /^filters\[([^\]]+)\]$/;

export function parseQueryString(raw: string): Record<string, string | string[]> {
  const query = parse(raw) as Record<string, string | string[]>;
  const folded: Record<string, string | string[]> = {};
  for (const key of Object.keys(query)) {
    const field = BRACKETED.exec(key)?.[1];
    if (field === undefined) continue;
    folded[field] = query[key] as string | string[];
    delete query[key];
  }
  if (Object.keys(folded).length === 0) return query;
  // Both forms at once: an array, which the list's `filters` (a string) refuses with a 422.
  query.filters = query.filters === undefined ? JSON.stringify(folded) : ['conflict'];
  return query;
}
