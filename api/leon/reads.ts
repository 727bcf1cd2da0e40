// Reading Leon's answers: a value, a list or a list of ids at a path (a missing or odd one is a `mapping`
// LeonError naming it), and the date-range calls asked in windows of at most 3 calendar months.
import { mappingError } from './checked';
import { leonInstant, splitIntoWindows } from './time';
import type { Graphql } from './transport';

/** The value at `path` in Leon's answer; a missing step is a `mapping` LeonError naming it. */
export function field(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value))
      throw mappingError(`champ ${path.join('.')} absent`);
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The list at `path` in Leon's answer. */
export function list(data: unknown, path: string[]): unknown[] {
  const value = field(data, path);
  if (!Array.isArray(value)) throw mappingError(`champ ${path.join('.')} n'est pas une liste`);
  return value;
}

/** The list of integers (Leon's ids) at `path` in Leon's answer. */
export function numbers(data: unknown, path: string[]): number[] {
  const values = list(data, path);
  if (!values.every((v) => Number.isInteger(v))) throw mappingError(`champ ${path.join('.')} invalide`);
  return values as number[];
}

/** Leon's clock in an incremental answer found at `path` (its `timestamp`). */
export function timestampOf(answer: unknown, path: string[]): number {
  const stamp = field(answer, ['timestamp']);
  if (!Number.isInteger(stamp)) throw mappingError(`champ ${path.join('.')}.timestamp invalide`);
  return stamp as number;
}

/**
 * Each window of [start, end), of at most 3 calendar months (UTC), asked in turn, with the raw items
 * `query` lists for it under `listField`: a caller keeps what it needs of one window before the next is asked.
 */
export async function* listsBetween(
  graphql: Graphql,
  query: string,
  listField: string,
  start: Date,
  end: Date,
): AsyncGenerator<{ window: { start: Date; end: Date }; items: unknown[] }> {
  for (const window of splitIntoWindows(start, end, 3)) {
    const data = await graphql(query, {
      start: leonInstant(window.start),
      end: leonInstant(window.end),
    });
    yield { window, items: list(data, [listField]) };
  }
}

/**
 * The raw items of [start, end) that `query` lists under `listField`, asked in sequential windows of at
 * most 3 calendar months (UTC); an item found in two windows is kept once (by its `nidField`).
 */
export async function rawBetween(
  graphql: Graphql,
  query: string,
  listField: string,
  nidField: string,
  start: Date,
  end: Date,
): Promise<unknown[]> {
  const seen = new Set<unknown>();
  const items: unknown[] = [];
  for await (const { items: listed } of listsBetween(graphql, query, listField, start, end)) {
    for (const item of listed) {
      const nid = (item as Record<string, unknown> | null)?.[nidField];
      if (nid !== undefined && seen.has(nid)) continue;
      seen.add(nid);
      items.push(item);
    }
  }
  return items;
}

/**
 * What `query` answers at `path` about the items changed since Leon's `timestamp` (at most one week back):
 * the raw items created and changed, Leon's new timestamp and the ids deleted.
 */
export async function rawModifiedSince(
  graphql: Graphql,
  query: string,
  path: string[],
  timestamp: number,
): Promise<{ created: unknown[]; changed: unknown[]; timestamp: number; deleted: number[] }> {
  const answer = field(await graphql(query, { dateTime: Math.trunc(timestamp) }), path);
  const created = list(answer, ['created']);
  const changed = list(answer, ['changed']);
  const stamp = timestampOf(answer, path);
  return { created, changed, timestamp: stamp, deleted: numbers(answer, ['deleted']) };
}
