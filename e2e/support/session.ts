// Signing in: the saved sign-ins a test starts from (e2e/auth.setup.ts), and signing in through the login
// screen for the tests about it.
import type { Page } from '@playwright/test';
import { href, type ScreenName } from '../../contract/routes';
import { ACCOUNTS, E2E, type StoredRole, storageOf } from '../env';
import { at, openFromMenu } from './navigation';
import { allowConsole } from './test';

/** The options of `test.use()` that start each test of a file or group signed in as `role`. */
export const signedInAs = (role: StoredRole) => ({ storageState: storageOf(role) });

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
