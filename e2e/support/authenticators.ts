// The second sign-in step in the browser tests (decision 070): Chromium's virtual authenticator (the
// DevTools protocol's WebAuthn domain) for passkeys, and the codes of an authenticator application from
// its secret, computed as the application would at a given moment.
import type { Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * A platform authenticator with user verification, that keeps discoverable passkeys and answers at once
 * (presence and verification simulated), attached to `page`'s tab; its passkeys stay until the tab closes.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ passkeys: () => Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    passkeys: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

/** The 6-digit code an authenticator application shows for `secret`, `offsetSeconds` from now. */
export const totpCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
