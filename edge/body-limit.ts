// Request body limits of the edge, in one place: 1 MB for everything (JSON and any other body) unless
// a route prefix below says otherwise. The API keeps the same table in api/lib/body-limit.ts (the edge
// may not import the API): change both together. See docs/decisions/008-edge-trust-and-body-limits.md.

export interface BodyLimits {
  /** Bytes allowed when no route below matches. */
  defaultMaxBytes: number;
  /** Larger (or smaller) limits for paths after /api starting with `prefix`; the longest match wins. */
  routes: ReadonlyArray<{ prefix: string; maxBytes: number }>;
}

export const MB = 1024 * 1024;

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  defaultMaxBytes: MB,
  // Signed uploads to the API's local file store; the same line is in api/lib/body-limit.ts.
  routes: [{ prefix: '/files/', maxBytes: 20 * MB }],
};

/** The limit for a path after /api. */
export function bodyLimitFor(path: string, limits: BodyLimits): number {
  let best: { prefix: string; maxBytes: number } | undefined;
  for (const route of limits.routes)
    if (path.startsWith(route.prefix) && (!best || route.prefix.length > best.prefix.length)) best = route;
  return best?.maxBytes ?? limits.defaultMaxBytes;
}
