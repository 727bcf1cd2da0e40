// Request body limits, one table for the edge and the API: 1 MB for JSON and any other body, unless a
// route prefix below has its own (the longest match wins). Paths are the API's, after /api. A larger
// limit for an upload route goes in `routes`, e.g. a PDF invoice upload:
//   { prefix: '/invoices/upload', maxBytes: 20 * MB }
// See docs/decisions/008-edge-trust-and-body-limits.md. No imports: the edge (Workers) reads it too.

export const MB = 1024 * 1024;

export interface BodyLimits {
  /** Bytes allowed when no route below matches. */
  defaultMaxBytes: number;
  /** Own limits for paths starting with `prefix`; the longest match wins. */
  routes: ReadonlyArray<{ prefix: string; maxBytes: number }>;
}

export const BODY_LIMITS: BodyLimits = {
  defaultMaxBytes: MB,
  // Signed uploads to the local file store (statistics PDFs, attachments: 20 MB at most); each signed URL
  // also carries its own, smaller cap, enforced while the file streams in.
  routes: [{ prefix: '/files/', maxBytes: 20 * MB }],
};

/** The limit for a path (after /api). */
export function bodyLimitFor(path: string, limits: BodyLimits): number {
  let best: { prefix: string; maxBytes: number } | undefined;
  for (const route of limits.routes)
    if (path.startsWith(route.prefix) && (!best || route.prefix.length > best.prefix.length)) best = route;
  return best?.maxBytes ?? limits.defaultMaxBytes;
}
