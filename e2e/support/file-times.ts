// A Playwright reporter beside the list reporter: at the end of a run, each spec file's time (from its first
// test's start to its last test's end, hooks and stacks started in them included), and, in a file of
// several top-level `describe`s, each of them (the pieces of a file split between parts are such describes:
// e2e/env.ts `runsPiece`), heaviest first. scripts/e2e.mjs
// shares the files out between its parts by these times (its SECONDS): a run prints what to write there.
import { basename } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Span {
  start: number;
  end: number;
}

export default class FileTimes implements Reporter {
  private readonly spans = new Map<string, Span>();

  private widen(key: string, start: number, end: number) {
    const span = this.spans.get(key);
    if (!span) this.spans.set(key, { start, end });
    else {
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
    }
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = basename(test.location.file);
    if (file.endsWith('.setup.ts')) return;
    const start = result.startTime.getTime();
    const end = start + result.duration;
    this.widen(file, start, end);
    // titlePath: '', project, file, then the describes and the test's own title.
    const piece = test.titlePath()[3];
    if (piece && piece !== test.title) this.widen(`${file}#${piece}`, start, end);
  }

  onEnd() {
    const rows = [...this.spans]
      .map(([key, { start, end }]) => [key, Math.round((end - start) / 1000)] as const)
      .filter(([key]) => !key.includes('#') || this.piecesOf(key.split('#')[0]) > 1)
      .sort((a, b) => b[1] - a[1]);
    if (!rows.length) return;
    console.log('\nSeconds per spec file (and per top-level describe of a file that has several):');
    for (const [key, seconds] of rows) console.log(`  ${String(seconds).padStart(5)} s  ${key}`);
  }

  /** How many pieces (top-level describes) of `file` ran. */
  private piecesOf(file: string): number {
    return [...this.spans.keys()].filter((key) => key.startsWith(`${file}#`)).length;
  }

  printsToStdio() {
    return false;
  }
}
