// 'Mon compte' (issue 52, ASVS V3.3.4) in Chromium: a user signed in on a phone and on a desk sees both
// sessions from the desk — browser and system read from the user-agent, the address shortened, this
// session marked, a third sign-in arriving from the change feed — ends the phone's after the confirmation (the phone is signed out at its next call),
// then every other one, then this one (a sign-out). axe and the layout at 1440, 1280 and 390 px, with the
// confirmation open too, screenshots kept.
import type { Browser, Page } from '@playwright/test';
import { href } from '../contract/routes';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { dataRows } from './support/lists';
import { at, menu } from './support/navigation';
import { signIn } from './support/session';
import { allowConsole, expect, expectAccessible, test } from './support/test';

/** A HOSPITAL account no other spec signs in with a saved state: its sessions are this test's. */
const EMAIL = 'hopitaux@demo.test';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signedInPage(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(at('requestedMissions'));
  return page;
}

test('a user sees their sessions in Mon compte and ends them, one, the others, then this one', async ({
  page,
  browser,
}) => {
  test.slow();
  const phone = await signedInPage(browser, {
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  // A session older than both, to end with the others.
  const older = await signedInPage(browser, { locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await older.context().close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(at('requestedMissions'));
  await menu(page).getByRole('link', { name: 'Mon compte' }).click();
  await expect(page).toHaveURL(at('account'));
  await expect(page.getByRole('heading', { level: 1, name: 'MON COMPTE' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sessions ouvertes' });
  const rows = dataRows(table);
  // This session first (the latest), marked; the phone's with Safari on iOS; addresses shortened.
  await expect(rows.first()).toContainText('Cette session');
  await expect(rows.first()).toContainText('Chrome');
  const phoneRow = rows.filter({ hasText: 'Safari 18' });
  await expect(phoneRow).toHaveCount(1);
  await expect(phoneRow).toContainText('iOS 18.1');
  await expect(phoneRow).toContainText('127.0.0.x');
  await expect(table).not.toContainText('127.0.0.1');
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expectAccessible(page);
  await expectLayoutOkAt(page, LAYOUT_SIZES, 'Mon compte', (width) => `mon-compte-${width}`);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A sign-in elsewhere shows while the list is open, from the change feed, without a reload.
  const laptop = await signedInPage(browser, {
    userAgent: FIREFOX,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await expect(rows.filter({ hasText: 'Firefox 133' })).toHaveCount(1);
  await laptop.context().close();

  // The phone's session, ended after the confirmation (checked open, then cancelled once).
  const endPhone = page.getByRole('button', { name: 'Déconnecter la session Safari 18 sur iOS 18.1' });
  await endPhone.click();
  const confirm = page.getByRole('alertdialog', { name: 'DÉCONNECTER UNE SESSION' });
  await expect(confirm).toContainText('Déconnecter la session Safari 18 sur iOS 18.1 ouverte le');
  await expectAccessible(page);
  await expectLayoutOkAt(
    page,
    LAYOUT_SIZES,
    'Mon compte, confirmation',
    (w) => `mon-compte-confirmation-${w}`,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(phoneRow).toHaveCount(1);
  await endPhone.click();
  await confirm.getByRole('button', { name: 'Déconnecter' }).click();
  await expect(page.getByText('Session déconnectée')).toBeVisible();
  await expect(phoneRow).toHaveCount(0);

  // The phone's next call is refused: it lands on the sign-in screen.
  allowConsole(phone, /status of 401/);
  await phone.goto(href('statistics'));
  await expect(phone).toHaveURL(at('login'));
  await phone.context().close();

  // Every other session (the older one), then only this one is left and the button is off.
  await page.getByRole('button', { name: 'Déconnecter les autres sessions' }).click();
  const others = page.getByRole('alertdialog', { name: 'DÉCONNECTER LES AUTRES SESSIONS' });
  await others.getByRole('button', { name: 'Déconnecter' }).click();
  await expect(page.getByText(/autres? sessions? déconnectées?/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Déconnecter les autres sessions' })).toBeDisabled();

  // This session, by the keyboard: a sign-out.
  await page.getByRole('button', { name: 'Déconnecter cette session' }).focus();
  await page.keyboard.press('Enter');
  const self = page.getByRole('alertdialog', { name: 'DÉCONNECTER CETTE SESSION' });
  await expect(self).toBeVisible();
  await self.getByRole('button', { name: 'Déconnecter' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(at('login'));
  await page.goto(href('account'));
  await expect(page).toHaveURL(at('login'));
});
