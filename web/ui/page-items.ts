// Which page buttons the navigator shows (requirements §2): all of them under 8 pages; otherwise the first and
// last pages and the current one with its neighbours, with gaps between.
export type PageItem = number | 'gap';

export const COLLAPSE_AT = 8;

export function pageItems(current: number, count: number): PageItem[] {
  if (count < COLLAPSE_AT) return Array.from({ length: count }, (_, i) => i + 1);
  const shown = new Set(
    [1, 2, count - 1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count),
  );
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous > 1)
      items.push(page - previous === 2 ? previous + 1 : 'gap');
    items.push(page);
  }
  return items;
}
