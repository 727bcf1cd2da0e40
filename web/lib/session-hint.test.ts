// @vitest-environment happy-dom
// The hint cookie as the app reads it: there or not, and whether the access token it dates has expired.
import { afterEach, describe, expect, it } from 'vitest';
import { setHintCookie as setHint } from '../testing/app';
import { accessExpired, clearHint, maybeSignedIn, RENEW_MARGIN_SECONDS } from './session-hint';

const NOW = Date.UTC(2026, 10, 23, 21, 0, 0);
const seconds = NOW / 1000;

afterEach(clearHint);

describe('the session hint', () => {
  it('says a session may exist only while the cookie is there', () => {
    expect(maybeSignedIn()).toBe(false);
    setHint(String(seconds + 600));
    expect(maybeSignedIn()).toBe(true);
    clearHint();
    expect(maybeSignedIn()).toBe(false);
  });

  it('reads the access token as expired from its expiry less the margin on', () => {
    setHint(String(seconds + 600));
    expect(accessExpired(NOW)).toBe(false);
    setHint(String(seconds + RENEW_MARGIN_SECONDS + 1));
    expect(accessExpired(NOW)).toBe(false);
    setHint(String(seconds + RENEW_MARGIN_SECONDS));
    expect(accessExpired(NOW)).toBe(true);
    setHint(String(seconds - 3600));
    expect(accessExpired(NOW)).toBe(true);
  });

  it('knows nothing of the expiry without a cookie or with a value that is not one', () => {
    expect(accessExpired(NOW)).toBe(false);
    for (const value of ['1', '', 'abc', '-5', '1.5e9', '17954']) {
      setHint(value);
      expect(accessExpired(NOW)).toBe(false);
    }
  });
});
