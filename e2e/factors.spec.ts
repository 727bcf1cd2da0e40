// The second sign-in step in Chromium (issue 52, decision 070), on a stack of its own whose policy requires
// a factor of ADMIN (MFA_REQUIRED_ROLES=ADMIN), opened as http://localhost (a passkey's relying party is a
// name, never an address), with Chromium's virtual authenticator for passkeys and the codes an
// authenticator application would show:
// - an ADMIN without a factor is led, right after the password, to add an authenticator application (QR
//   code, its secret, a first code) and notes the ten recovery codes; signs out, signs in again with the
//   password then a code, then with the password and a recovery code;
// - an OPERATION user adds a passkey from 'Mon compte' by the keyboard alone, signs in with it alone (from
//   the browser's suggestions for the e-mail field, then from the button), then uses it as the second step
//   after the password; the ADMIN resets that user's factors from Utilisateurs,
//   and the password alone signs in again.
// axe and the layout at 1440, 1280 and 390 px on each step, screenshots kept.
import type { Browser, Page } from '@playwright/test';
import { FACTOR_PATHS } from '../contract/factors';
import { href, type ScreenName } from '../contract/routes';
import { ACCOUNTS, E2E } from './env';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { addVirtualAuthenticator, totpCode } from './support/authenticators';
import { menu } from './support/navigation';
import { type OwnStack, startOwnStack } from './support/own-stack';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

let stack: OwnStack;
/** The ADMIN's recovery codes, noted in the first test, for the ADMIN's sign-in in the second. */
let adminRecoveryCodes: string[] = [];
test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack({ MFA_REQUIRED_ROLES: 'ADMIN' }, { host: 'localhost' });
});
test.afterAll(async () => {
  await stack?.close();
});

/** The address of `screen` on this file's stack. */
const onScreen = (screen: ScreenName) =>
  new RegExp(`^${stack.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${href(screen)}(\\?.*)?$`);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.url,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

async function passwordStep(page: Page, email: string) {
  await page.goto(href('login'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
}

/** axe, then the layout at every width with its screenshots; back at 1440 px. */
async function checkStep(page: Page, label: string, shot: string) {
  await expectAccessible(page);
  await expectLayoutOkAt(page, LAYOUT_SIZES, label, (width) => `${shot}-${width}`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function signOut(page: Page) {
  await menu(page).getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(onScreen('login'));
}

test('an ADMIN without a factor adds an authenticator, then signs in with a code and with a recovery code', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser);
  await passwordStep(page, ACCOUNTS.ADMIN);
  await expect(page.getByRole('heading', { name: 'Protégez votre compte' })).toBeVisible();
  await checkStep(page, 'enrolment, choice', 'enrolment-choice');
  // By the keyboard: each step's field takes the focus, Enter sends its form.
  await page.getByRole('button', { name: 'Utiliser une application d’authentification' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Nom')).toBeFocused();
  await page.keyboard.type('Téléphone de garde');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('img', { name: 'Code QR à scanner avec l’application d’authentification' }),
  ).toBeVisible();
  await checkStep(page, 'enrolment, QR code', 'enrolment-qr');
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const code = page.getByLabel('Code à 6 chiffres');
  await code.focus();
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Code incorrect ou déjà utilisé');
  await expect(code).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(await totpCode(secret));
  await page.keyboard.press('Enter');
  const codes = page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await checkStep(page, 'enrolment, recovery codes', 'enrolment-recovery-codes');
  adminRecoveryCodes = await codes.allTextContents();
  const recovery = adminRecoveryCodes[0];
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(onScreen('requestedMissions'));

  // The password again: the code of the next step (the one the enrolment used is spent), by the keyboard.
  await signOut(page);
  await passwordStep(page, ACCOUNTS.ADMIN);
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  await checkStep(page, 'second step', 'second-step');
  await expect(page.getByLabel('Code à 6 chiffres ou code de secours')).toBeFocused();
  await page.keyboard.type(await totpCode(secret, 30));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(onScreen('requestedMissions'));

  // And with a recovery code, typed in small letters: Mon compte then counts nine left.
  await signOut(page);
  await passwordStep(page, ACCOUNTS.ADMIN);
  await page.getByLabel('Code à 6 chiffres ou code de secours').fill(recovery.toLowerCase());
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  await page.goto(href('account'));
  await expect(page.getByText('9 codes de secours restants')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Méthodes de connexion' })).toContainText('Téléphone de garde');
  await page.context().close();
});

test('a passkey added from Mon compte by the keyboard signs in alone and as the second step; an ADMIN resets it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser);
  const authenticator = await addVirtualAuthenticator(page);
  await passwordStep(page, ACCOUNTS.OPERATION);
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  await page.goto(href('account'));
  await expect(page.getByText('Aucune méthode : la connexion ne demande que le mot de passe.')).toBeVisible();
  await checkStep(page, 'Mon compte, no factor', 'mon-compte-sans-methode');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'AJOUTER UNE CLÉ D’ACCÈS' });
  await expect(dialog.getByLabel('Nom')).toBeFocused();
  await checkStep(page, 'add a passkey', 'ajout-cle');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Poste de régulation');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'J’ai noté mes codes' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await authenticator.passkeys()).toBe(1);
  const factors = page.getByRole('list', { name: 'Méthodes de connexion' });
  await expect(factors).toContainText('Poste de régulation · Clé d’accès');
  await checkStep(page, 'Mon compte with a passkey', 'mon-compte-cle');

  // The passkey alone, from the browser's suggestions for the e-mail field, offered once the field is used:
  // Chromium's virtual authenticator answers such a pending offer at once, as a user choosing the passkey
  // there would.
  await signOut(page);
  const suggested = page.waitForResponse(
    (response) => response.url().endsWith(`/api${FACTOR_PATHS.passkeySignIn}`) && response.status() === 200,
  );
  await page.getByLabel('E-mail').click();
  await suggested;
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  // The passkey alone, from the button, in a browser without such suggestions.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
  // Signing out loads no new document: the script applies from this reload on.
  await page.reload();
  await expect(menu(page).getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await signOut(page);
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  // After the password, as the second step.
  await signOut(page);
  await passwordStep(page, ACCOUNTS.OPERATION);
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  await signOut(page);

  // The ADMIN (enrolled in the test above, with a recovery code) resets it, after the confirmation.
  const admin = await newPage(browser);
  await passwordStep(admin, ACCOUNTS.ADMIN);
  await admin.getByLabel('Code à 6 chiffres ou code de secours').fill(adminRecoveryCodes[1]);
  await admin.getByRole('button', { name: 'Vérifier' }).click();
  await expect(admin).toHaveURL(onScreen('requestedMissions'));
  await admin.goto(href('users'));
  await admin.getByRole('button', { name: 'Réinitialiser la seconde étape de Julien Moreau' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'RÉINITIALISER LA SECONDE ÉTAPE' });
  await expect(confirm).toContainText('codes de secours de Julien Moreau');
  await checkStep(admin, 'reset confirmation', 'reinitialisation');
  await confirm.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(admin.getByText('Seconde étape de connexion réinitialisée')).toBeVisible();
  await admin.context().close();

  await passwordStep(page, ACCOUNTS.OPERATION);
  await expect(page).toHaveURL(onScreen('requestedMissions'));
  await page.context().close();
});
