// Percentiles of timed runs, shared by the benchmarks that compare an API call with its bare query.

/** The p-th percentile of `values` (not necessarily sorted). */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Runs the API call and the bare query in turn, so that a busy moment of the machine weighs on both. */
export async function timePair(
  runs: number,
  api: () => Promise<unknown>,
  bare: () => Promise<unknown>,
): Promise<Array<{ p50: number; p95: number }>> {
  for (let i = 0; i < 3; i++) await Promise.all([api(), bare()]);
  const samples: number[][] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, run] of [api, bare].entries()) {
      const t0 = performance.now();
      await run();
      samples[k].push(performance.now() - t0);
    }
  }
  return samples.map((values) => ({ p50: pct(values, 50), p95: pct(values, 95) }));
}
