// The value axis of the charts (decision 068): 'nice' ticks from a round bottom (zero, or below it for a
// negative value) to a round top, and the positions of bars in bands.

/** Ticks covering `[min(0, low), max(0, high)]`, about `count` steps of 1, 2 or 5 × 10ⁿ, zero among them. */
export function niceTicks(low: number, high: number, count = 5): number[] {
  const from = Math.min(0, low);
  const to = Math.max(0, high);
  if (!(to - from > 0)) return [0, 1];
  const raw = (to - from) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const step = (fraction > 5 ? 10 : fraction > 2 ? 5 : fraction > 1 ? 2 : 1) * power;
  const first = Math.floor(from / step + 1e-9);
  const last = Math.ceil(to / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)) + 0);
  return ticks;
}

/** Where each of `count` bands starts in `[start, end]`, and the width of a bar in it (`padding` of a band). */
export function bands(count: number, start: number, end: number, padding = 0.2) {
  const band = count > 0 ? (end - start) / count : 0;
  return {
    band,
    width: band * (1 - padding),
    x: (index: number) => start + index * band + (band * padding) / 2,
  };
}
