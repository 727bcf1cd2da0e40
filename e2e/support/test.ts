// Playwright's `test` for every browser test, with its automatic fixtures (saved sessions kept fresh, the
// console kept clean), and the accessibility check that the tests run on each screen and dialog.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { AUTH_PATHS } from '../../contract/auth';
import { AUTH_DIR, E2E } from '../env';
import { trackRequests } from './quiet';

export { expect };

/** The claims of the access token among `cookies`, if any: its session id (`sid`) and expiry (`exp`). */
function accessClaims(cookies: Array<{ name: string; value: string }>): { sid?: string; exp?: number } {
  const token = cookies.find((cookie) => cookie.name === 'access_token')?.value;
  try {
    return token ? JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) : {};
  } catch {
    return {};
  }
}

/** The session id (`sid`) of the access token among `cookies`, if any. */
const sessionIn = (cookies: Array<{ name: string; value: string }>) => accessClaims(cookies).sid ?? null;

/** A saved session whose access token has less than this left is renewed before a test starts from it. */
const RENEW_AHEAD_SECONDS = 10 * 60;

/** Console messages a test expects (a refused sign-in logs the 401 it got), set with `allowConsole`. */
const allowed = new WeakMap<Page, RegExp[]>();

/** Lets the current test log console errors matching `pattern` (an expected 4xx answer, say). */
export function allowConsole(page: Page, pattern: RegExp): void {
  allowed.set(page, [...(allowed.get(page) ?? []), pattern]);
}

/**
 * Playwright's `test`, with three automatic fixtures:
 * - `freshSavedSession`: before a test starts from a saved sign-in whose access token has less than ten
 *   minutes left, renews it through the API (`POST /api/auth/refresh`) and saves it back, so that the app
 *   does not renew it during the test. A renewal in flight when a test ends would rotate the refresh token
 *   on the server after its state was saved: the next test would present the old one, which ends the
 *   session (a run longer than the 15 minutes of an access token, on a slow machine). Declared first, it
 *   runs before the browser context is made from the file;
 * - `cleanConsole` fails the test on any console error or warning, uncaught page error or Content-Security-
 *   Policy violation (Chromium logs those as console errors) of any page it opened, unless the test
 *   allowed it with `allowConsole`;
 * - `keepSavedSession`: after a test started from a saved sign-in, saves the browser state back when it
 *   still holds the same session: a renewal during the test rotates the refresh token, and the next test
 *   must start from the new one (presenting a rotated token ends the session). So the saved sessions
 *   outlive the 15 minutes of an access token, however long the run.
 */
export const test = base.extend<{
  freshSavedSession: undefined;
  cleanConsole: undefined;
  keepSavedSession: undefined;
  trackedRequests: undefined;
}>({
  freshSavedSession: [
    async ({ playwright, storageState }, use) => {
      if (typeof storageState === 'string' && storageState.startsWith(AUTH_DIR)) {
        const { exp } = accessClaims(JSON.parse(await readFile(storageState, 'utf8')).cookies);
        if (!exp || exp * 1000 - Date.now() < RENEW_AHEAD_SECONDS * 1000) {
          const api = await playwright.request.newContext({ storageState });
          try {
            const answer = await api.post(`${E2E.baseURL}/api${AUTH_PATHS.refresh}`, {
              headers: { origin: E2E.baseURL },
            });
            expect(answer.status(), 'the saved session renews').toBe(200);
            await api.storageState({ path: storageState });
          } finally {
            await api.dispose();
          }
        }
      }
      await use(undefined);
    },
    { auto: true },
  ],
  cleanConsole: [
    async ({ context }, use) => {
      const problems: Array<{ page: Page; text: string }> = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning')
            problems.push({ page, text: `console.${message.type()}: ${message.text()}` });
        });
        page.on('pageerror', (error) => problems.push({ page, text: `page error: ${error.message}` }));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(undefined);
      const unexpected = problems
        .filter(({ page, text }) => !(allowed.get(page) ?? []).some((pattern) => pattern.test(text)))
        .map(({ page, text }) => `${page.url()}  ${text}`);
      expect(unexpected, 'the browser console stays clean').toEqual([]);
    },
    { auto: true },
  ],
  trackedRequests: [
    async ({ context }, use) => {
      trackRequests(context);
      await use(undefined);
    },
    { auto: true },
  ],
  keepSavedSession: [
    async ({ context, storageState }, use) => {
      await use(undefined);
      if (typeof storageState !== 'string' || !storageState.startsWith(AUTH_DIR)) return;
      const saved = sessionIn(JSON.parse(await readFile(storageState, 'utf8')).cookies);
      if (saved && sessionIn(await context.cookies()) === saved)
        await context.storageState({ path: storageState });
    },
    { auto: true },
  ],
});

/**
 * Fails on any serious or critical accessibility violation of the current page. axe runs in the page
 * (`setLegacyMode`: the app has no frame from another origin, the one thing it leaves out), not in a blank
 * page opened for each check, and reports the violations only: a third of the time (decision 041).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}
