// The headers our pages carry: a strict CSP and friends, and the cache policy of hashed assets vs
// index.html. Used by the Node entry and rendered into the Worker's `_headers` file.
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    // The one <style> react-aria inserts (usePress: `touch-action` on pressable elements, so a tap is not
    // delayed by double-tap zoom), allowed by its hash; it changes with react-aria's text, and the browser
    // tests' console check (e2e/prices.spec.ts) tells when it does. Style attributes stay refused.
    "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** HSTS: on every answer of an https edge (always on Workers; on Node when PUBLIC_ORIGIN is https). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Hashed build output lives under /assets/: safe to cache for a year. */
export const isHashedAsset = (pathname: string) => pathname.startsWith('/assets/');

/**
 * The Workers static-assets `_headers` file with the same rules (HTML keeps Cloudflare's revalidation),
 * plus HSTS: Workers always serve https.
 */
export function headersFile(): string {
  const security = Object.entries({ ...SECURITY_HEADERS, 'Strict-Transport-Security': HSTS }).map(
    ([k, v]) => `  ${k}: ${v}`,
  );
  return ['/*', ...security, '', '/assets/*', `  Cache-Control: ${IMMUTABLE}`, ''].join('\n');
}
