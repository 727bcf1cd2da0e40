// Shared steps of the browser tests: signing in through the UI (for the tests about signing in; the others
// start signed in, see e2e/auth.setup.ts), where a page is, the menu, tables by their column names, the outbox.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { AUTH_PATHS } from '../contract/auth';
import { href, type ScreenName } from '../contract/routes';
import { ACCOUNTS, AUTH_DIR, E2E, type StoredRole, storageOf } from './env';

export { expect };

/** The options of `test.use()` that start each test of a file or group signed in as `role`. */
export const signedInAs = (role: StoredRole) => ({ storageState: storageOf(role) });

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

export async function signIn(page: Page, email: string, password = E2E.password): Promise<void> {
  await page.goto(href('login'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Connexion' }).click();
}

/**
 * Signs ACCOUNTING in through the login screen: it has no saved sign-in, since e2e/auth.spec.ts resets its
 * password to 'Compta-2027!' in a full run (the refused first try logs its 401).
 */
export async function signInAsAccounting(page: Page): Promise<void> {
  allowConsole(page, /status of 401/);
  for (const password of [E2E.password, 'Compta-2027!']) {
    await signIn(page, ACCOUNTS.ACCOUNTING, password);
    const signedIn = await page
      .waitForURL(at('requestedMissions'), { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error('ACCOUNTING could not sign in');
}

export function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/**
 * Opens the app on the requested missions and waits for its menu: the app renews a saved session older
 * than its access token (a run past 15 minutes), which API calls made beside it (`page.request`) cannot
 * do. Call it before a test's first `page.request`.
 */
export async function openApp(page: Page): Promise<void> {
  await page.goto(href('requestedMissions'));
  await expect(menu(page)).toBeVisible();
}

/** Opens a screen by its entry of the main menu and waits for it: its URL, its title (level 1 heading). */
export async function openFromMenu(
  page: Page,
  entry: string | RegExp,
  screen: ScreenName,
  title: string,
): Promise<void> {
  await menu(page).getByRole('link', { name: entry }).click();
  await expect(page).toHaveURL(at(screen));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

/** Signs ACCOUNTING in (signInAsAccounting) and opens a screen by its menu entry (openFromMenu). */
export async function openAsAccounting(
  page: Page,
  entry: string | RegExp,
  screen: ScreenName,
  title: string,
): Promise<void> {
  await signInAsAccounting(page);
  await openFromMenu(page, entry, screen, title);
}

/** A role without the screen: no menu entry, and its URL sends it to the missions. */
export async function expectNoEntry(page: Page, entry: string | RegExp, screen: ScreenName): Promise<void> {
  await page.goto(href('requestedMissions'));
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole('link', { name: entry })).toHaveCount(0);
  await page.goto(href(screen));
  await expect(page).toHaveURL(at('requestedMissions'));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the URL of a screen (contract/routes.ts), with or without a query: `toHaveURL(at('users'))`. */
export const at = (screen: ScreenName, params: Record<string, string> = {}) =>
  new RegExp(`^${escaped(E2E.baseURL + href(screen, params))}(\\?.*)?$`);

/** The rows of a table that hold data (not its header row). */
export const dataRows = (table: Locator) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell') });

/** The index of the column named `header` (a sortable header's ↕ ▲ ▼ indicator left out). */
async function columnIndex(table: Locator, header: string): Promise<number> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) =>
    h.replace(/[↕▲▼]/g, '').trim(),
  );
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column '${header}' in: ${headers.join(', ')}`);
  return index;
}

/** The cell of `row` under the column header named `header`. */
export async function cellIn(table: Locator, row: Locator, header: string): Promise<Locator> {
  return row.getByRole('cell').nth(await columnIndex(table, header));
}

/**
 * The texts of the column named `header`, one per data row, read in one go: a list that changes between
 * two reads (a search answered) never leaves a read waiting for a row that has gone.
 */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const index = await columnIndex(table, header);
  return dataRows(table).evaluateAll(
    (rows, i) => rows.map((row) => ((row as HTMLTableRowElement).cells[i]?.textContent ?? '').trim()),
    index,
  );
}

/** A table by its accessible name: the locator, its data rows, a cell by column header, a column's texts. */
export function tableNamed(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  return {
    table,
    rows: dataRows(table),
    cell: (row: Locator, header: string) => cellIn(table, row, header),
    column: (header: string) => columnTexts(table, header),
  };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest message sent to `to`, read from the outbox (development and test only). */
export async function lastMail(
  request: APIRequestContext,
  to: string,
  after?: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${E2E.baseURL}/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { data: OutboxMessage[] };
        found = body.data.find((m) => !after || m.createdAt > after);
        return Boolean(found);
      },
      { message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function codeIn(mail: { text: string }): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no 6-digit code in: ${mail.text}`);
  return match[1];
}

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

/** Clicks the sort button of the column `header` of `table`, then expects the column sorted `order`. */
export async function sortBy(table: Locator, header: RegExp, order: 'ascending' | 'descending') {
  await table.getByRole('button', { name: header }).click();
  await expect(table.getByRole('columnheader', { name: header })).toHaveAttribute('aria-sort', order);
}

/** Opens each screen of `from` in turn and expects to land on `to` every time. */
export async function expectRedirects(page: Page, from: ScreenName[], to: ScreenName) {
  for (const screen of from) {
    await page.goto(href(screen));
    await expect(page).toHaveURL(at(to));
  }
}

/**
 * Types a period into the shared date range field ('Période'): `from` and `to` as the day segments take
 * them, ddMMyyyy.
 */
export async function typePeriod(page: Page, from: string, to: string): Promise<void> {
  const period = page.getByRole('group', { name: 'Période' });
  await period.getByRole('spinbutton', { name: /jour/i }).first().click();
  await page.keyboard.type(from);
  await period.getByRole('spinbutton', { name: /jour/i }).nth(1).click();
  await page.keyboard.type(to);
}
