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
