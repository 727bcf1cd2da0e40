// The readable hint cookie the API sets beside the session (contract/auth.ts): whether this browser may
// hold a session, and until when its access token is good. Read before a call, so that the app makes no
// call it knows would answer 401 (docs/decisions/022).
import { SESSION_HINT_COOKIE } from '../../contract/auth';

/** How long before the access token's expiry a call renews it first (the call's own trip, a clock a little off). */
export const RENEW_MARGIN_SECONDS = 30;

/** The hint as it stands: null without one. A renewal changes it (the new access token's expiry). */
export function hintValue(): string | null {
  const prefix = `${SESSION_HINT_COOKIE}=`;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return cookie === undefined ? null : cookie.slice(prefix.length);
}

/** Whether the API may hold a session for this browser (its hint cookie is there, not emptied). */
export const maybeSignedIn = () => Boolean(hintValue());

/**
 * Whether the access token has expired, or will within the margin, by this browser's clock. False when the
 * hint says nothing of it: no session, or a hint set before it carried the expiry (its value was '1').
 */
export function accessExpired(now = Date.now()): boolean {
  const value = hintValue();
  if (!value || !/^\d{10,}$/.test(value)) return false;
  return now / 1000 >= Number(value) - RENEW_MARGIN_SECONDS;
}

/** Forgets the hint at once (signing out), before the API's answer clears it too. */
export function clearHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
