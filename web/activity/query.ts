// The query pieces the pilots and fleet calls share (contract/crew-and-fleet.ts).
import type { Period } from '../../contract/crew-and-fleet';

/** What a list is filtered by: a period, or none (the API's default, the last 12 months). */
export type PeriodFilter = Partial<Period>;

/**
 * `path?key=value…`, absent values left out: a row's own parameters go in the path, so that each row's
 * missions are a paged list of their own.
 */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.append(key, value);
  return `${path}?${params}`;
}
