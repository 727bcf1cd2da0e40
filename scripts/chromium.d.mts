// Types of scripts/chromium.mjs, for the TypeScript that imports it (bench/lighthouse.ts).
/** The path of a Chromium: $CHROMIUM_PATH, Debian's, or Playwright's; null when there is none. */
export function findChromium(): string | null;
/** A Chromium path, installing Debian's package when possible; exits with advice otherwise. */
export function ensureChromium(): string;
