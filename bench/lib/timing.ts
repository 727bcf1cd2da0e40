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

/**
 * The answers of a load run (bench/load.ts, bench/cluster.ts): each request's time by kind, and its
 * errors, counted only while `measuring`; `print` writes one line per kind and one for all.
 */
export class Figures {
  readonly timings = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  measuring = false;

  /** `onError` sees each error counted (samples, kinds, when it happened). */
  constructor(private readonly onError?: (kind: string, error: string) => void) {}

  record = (kind: string, ms: number, error?: string): void => {
    if (!this.measuring) return;
    const list = this.timings.get(kind) ?? [];
    this.timings.set(kind, list);
    list.push(ms);
    if (error) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      this.onError?.(kind, error);
    }
  };

  get all(): number[] {
    return [...this.timings.values()].flat();
  }

  get errorTotal(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }

  /**
   * Ends the measure begun at `t0` and prints its lines; answers the run's length and what the summary
   * line tells: `rate`, requests a second, and the errors in all.
   */
  finish(t0: number): { elapsed: number; rate: string; errorTotal: number } {
    this.measuring = false;
    const elapsed = (Date.now() - t0) / 1000;
    this.print();
    return { elapsed, rate: (this.all.length / elapsed).toFixed(0), errorTotal: this.errorTotal };
  }

  print(): void {
    const line = (kind: string, values: number[], errorCount: number) =>
      console.log(
        `  ${kind.padEnd(10)} ${String(values.length).padStart(8)} req  ${String(errorCount).padStart(5)} errors   p50 ${(pct(values, 50) ?? 0).toFixed(1).padStart(7)} ms   p95 ${(pct(values, 95) ?? 0).toFixed(1).padStart(7)} ms   p99 ${(pct(values, 99) ?? 0).toFixed(1).padStart(7)} ms`,
      );
    for (const [kind, values] of [...this.timings].sort()) line(kind, values, this.errors.get(kind) ?? 0);
    line('all', this.all, this.errorTotal);
  }
}
