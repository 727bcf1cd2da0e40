// The sign-in page before its session machine: /login downloads only what index.html names until the first
// input; the session machine (with xstate) comes with the first key or click, or with the submit, which
// waits for it (web/lib/session.tsx, docs/decisions/022). A visitor with a session still lands in the app.
import type { Page } from '@playwright/test';
import { href } from '../contract/routes';
import { ACCOUNTS, E2E } from './env';
import { at, menu } from './support/navigation';
import { signedInAs } from './support/session';
import { allowConsole, expect, test } from './support/test';

test.describe.configure({ mode: 'serial' });

/** The scripts index.html loads or preloads. */
async function namedByIndex(page: Page): Promise<Set<string>> {
  const html = await (await page.request.get(href('login'))).text();
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
}

/** Holds back every script index.html does not name (the chunks loaded on demand) for `ms`. */
async function slowChunks(page: Page, named: Set<string>, ms: number): Promise<void> {
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (!named.has(new URL(route.request().url()).pathname)) await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test('an anonymous /login downloads only the scripts index.html names until the first input', async ({
  page,
}) => {
  const named = await namedByIndex(page);
  const others: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') && !named.has(path)) others.push(path);
  });
  await page.goto(href('login'), { waitUntil: 'networkidle' });
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.waitForTimeout(1000);
  expect(others).toEqual([]);
  // The first key brings the session machine.
  await page.keyboard.type('a');
  await expect.poll(() => others.length).toBeGreaterThan(0);
});

test('signs in from a cold page: typed at once, submitted while the session machine is still coming', async ({
  page,
}) => {
  await slowChunks(page, await namedByIndex(page), 1500);
  await page.goto(href('login'));
  await page.getByLabel('E-mail').pressSequentially(ACCOUNTS.ADMIN);
  await page.getByLabel('Mot de passe', { exact: true }).pressSequentially(E2E.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeDisabled();
  await expect(page).toHaveURL(at('requestedMissions'));
  await expect(menu(page).getByText('Utilisateurs', { exact: true })).toBeVisible();
});

test('a cold page checks the form at once, and shows the message of a refused sign-in', async ({ page }) => {
  allowConsole(page, /status of 401/);
  await slowChunks(page, await namedByIndex(page), 1500);
  await page.goto(href('login'));
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(page.getByText("L'e-mail ne peut pas être vide")).toBeVisible();
  await expect(page.getByText('le mot de passe est requis')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(ACCOUNTS.ADMIN);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais-2026!');
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect' })).toBeVisible();
  await expect(page).toHaveURL(at('login'));
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeEnabled();
});

test.describe('as ADMIN', () => {
  test.use(signedInAs('ADMIN'));

  test('a signed-in visitor opening / lands in the app', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(at('requestedMissions'));
    await expect(menu(page).getByText('Utilisateurs', { exact: true })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveCount(0);
  });
});
