// A list's filters in its URL (`/statistics?startDate=…&hospitals=…`): the dashboard's bars open a list
// filtered this way, and the list starts from them (its fields showing them).
import { href, type ScreenName } from '../../contract/routes';

/** The path of `screen` with `query`'s present values. */
export function listHref(screen: ScreenName, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${href(screen)}?${search}` : href(screen);
}

/** The values of `keys` in the page's URL, as a list reads them when it opens (absent: left out). */
export function urlFilters<K extends string>(keys: readonly K[]): Partial<Record<K, string>> {
  const params = new URLSearchParams(window.location.search);
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** A period in the URL, when both its days are there. */
export function urlPeriod(filters: { startDate?: string; endDate?: string }) {
  const { startDate, endDate } = filters;
  return startDate && endDate ? { startDate, endDate } : undefined;
}
