// Types of scripts/e2e.mjs.
export interface Share {
  /** The spec files of a part, by name under e2e/. */
  files: string[];
  /** The pieces (`file#piece`) of split files that the part runs. */
  pieces: string[];
  /** Its seconds, by the table. */
  total: number;
}
export declare function shareOut(files: string[], count: number, seconds?: Record<string, number>): Share[];
/** The spec files a whole run on React runs; Preact runs every file. */
export declare const ON_BOTH_RUNTIMES: string[];
/** The spec files a whole run takes on `on`: every file on Preact, those of ON_BOTH_RUNTIMES on React. */
export declare function specsFor(on: 'react' | 'preact', files: string[], all?: boolean): string[];
