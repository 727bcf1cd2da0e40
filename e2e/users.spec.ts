// User administration in the browser: add a HOSPITAL user who gets a welcome mail, signs in, must change
// the password and sees the restricted menu; then edit and delete after confirmation; a HOSPITAL user's
// several hospitals in the table and the form (decision 024). The admin starts signed in
// (e2e/auth.setup.ts).
import { href } from '../contract/routes';
import { ACCOUNTS, E2E } from './env';
import { tableNamed } from './support/lists';
import { lastMail } from './support/mail';
import { at, menu } from './support/navigation';
import { signedInAs, signIn } from './support/session';
import { allowConsole, expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });
test.use(signedInAs('ADMIN'));

const email = 'lucie.bernard@chu-bordeaux.fr';

test('an admin adds a HOSPITAL user, who signs in with the mailed password and must change it', async ({
  page,
  request,
}) => {
  await page.goto(href('dashboard'));
  await menu(page).getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page.getByRole('heading', { name: 'UTILISATEURS' })).toBeVisible();
  const { table } = tableNamed(page, 'Utilisateurs');
  await expect(table.getByRole('cell', { name: ACCOUNTS.ADMIN })).toBeVisible();

  await page.getByRole('button', { name: 'Ajouter utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'AJOUTER UN UTILISATEUR' });
  await expect(dialog).toBeVisible();
  // The form's own messages first.
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(dialog.getByText('le prenom est requis')).toBeVisible();
  await expect(dialog.getByText('le nom est requis')).toBeVisible();
  await expect(dialog.getByText('le téléphone est requis')).toBeVisible();
  await expect(dialog.getByText('le rôle est requis')).toBeVisible();

  await dialog.getByLabel('Prénom').fill('Lucie');
  await dialog.getByLabel('Nom', { exact: true }).fill('Bernard');
  await dialog.getByLabel('E-mail').fill('Lucie.Bernard@CHU-Bordeaux.fr');
  await dialog.getByLabel('Téléphone').fill('+33 5 56 79 00 00');
  await expect(dialog.getByRole('combobox', { name: 'Hôpital' })).toHaveCount(0);
  await dialog.getByLabel('Rôle').selectOption({ label: 'Hospital' });
  const hospital = dialog.getByRole('combobox', { name: 'Hôpital' });
  await hospital.fill('Pellegrin');
  await page.getByRole('option', { name: 'CHU de Bordeaux – Hôpital Pellegrin' }).click();
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: email })).toBeVisible();

  const mail = await lastMail(request, email);
  expect(mail.subject).toMatch(/Bienvenue/);
  expect(mail.text).toContain(`${E2E.baseURL}${href('login')}`);
  const password = mail.text.match(/Mot de passe temporaire : (\S+)/)![1];

  // Signed out without ending the saved admin session (clicking 'Déconnexion' would end it for the next tests).
  await page.context().clearCookies();
  await signIn(page, email, password);
  await expect(page).toHaveURL(at('forcePasswordChange'));
  await page.getByLabel('Nouveau mot de passe').fill('Lucie-2026!');
  await page.getByLabel('Confirmer le mot de passe').fill('Lucie-2026!');
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page).toHaveURL(at('requestedMissions'));
  await expect(menu(page).getByText('Utilisateurs')).toHaveCount(0);
  await expect(menu(page).getByText('Prix')).toHaveCount(0);
  await expect(menu(page).getByText('Annulée sans frais')).toHaveCount(0);
});

test('an admin searches, edits, then deletes a user after the confirmation', async ({ page }) => {
  await page.goto(href('users'));
  const { table, cell } = tableNamed(page, 'Utilisateurs');
  await page.getByPlaceholder('Rechercher un utilisateur').fill('bernard');
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('button', { name: 'Modifier Lucie Bernard' }).click();
  const edit = page.getByRole('dialog', { name: 'MODIFIER UN UTILISATEUR' });
  await expect(edit.getByLabel('Prénom')).toHaveValue('Lucie');
  await edit.getByLabel('Rôle').selectOption({ label: 'Operation' });
  // The hospital selector goes away with the Hospital role.
  await expect(edit.getByRole('combobox', { name: 'Hôpital' })).toHaveCount(0);
  await edit.getByLabel('E-mail').fill(ACCOUNTS.ADMIN);
  allowConsole(page, /status of 409/); // the refusal the test asks for
  await edit.getByRole('button', { name: 'Modifier' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Un utilisateur existe déjà avec cet e-mail');
  await edit.getByLabel('E-mail').fill(email);
  await edit.getByRole('button', { name: 'Modifier' }).click();
  await expect(edit).toBeHidden();
  const row = table.getByRole('row', { name: /Lucie/ });
  await expect(row.getByRole('cell', { name: 'Operation' })).toBeVisible();
  await expect(await cell(row, 'Hôpital')).toHaveText('-');

  await table.getByRole('button', { name: 'Supprimer Lucie Bernard' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'SUPPRIMER CET UTILISATEUR' });
  await expect(confirm).toContainText('Êtes-vous sûr(e) de vouloir supprimer cet utilisateur ?');
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(row).toBeVisible();
  await table.getByRole('button', { name: 'Supprimer Lucie Bernard' }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Aucun utilisateur trouvé')).toBeVisible();
});

test("a HOSPITAL user's two hospitals: joined in the table, checked in the form, one more added", async ({
  page,
}) => {
  const [timone, pompidou, pellegrin] = [
    'AP-HM Hôpital de la Timone',
    'AP-HP Hôpital Européen Georges-Pompidou',
    'CHU de Bordeaux – Hôpital Pellegrin',
  ];
  await page.goto(href('users'));
  const { table, cell } = tableNamed(page, 'Utilisateurs');
  await page.getByPlaceholder('Rechercher un utilisateur').fill('hopitaux@');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Nadia/ });
  await expect(await cell(row, 'Hôpital')).toHaveText(`${pompidou} ; ${timone}`);

  await table.getByRole('button', { name: 'Modifier Nadia Benali' }).click();
  const edit = page.getByRole('dialog', { name: 'MODIFIER UN UTILISATEUR' });
  const chosen = edit.getByRole('group', { name: 'Hôpitaux' });
  await expect(chosen.getByRole('checkbox', { name: pompidou })).toBeChecked();
  await expect(chosen.getByRole('checkbox', { name: timone })).toBeChecked();
  await expectAccessible(page);
  // A third, then back to the two: unchecked, it is not sent.
  await edit.getByRole('combobox', { name: 'Rechercher un hôpital' }).fill('Pellegrin');
  await page.getByRole('option', { name: pellegrin }).click();
  await expect(chosen.getByRole('checkbox', { name: pellegrin })).toBeChecked();
  await chosen.getByRole('checkbox', { name: pellegrin }).uncheck();
  await edit.getByRole('button', { name: 'Modifier' }).click();
  await expect(edit).toBeHidden();
  await expect(await cell(row, 'Hôpital')).toHaveText(`${pompidou} ; ${timone}`);
});

test('the users export downloads users.xlsx', async ({ page }) => {
  await page.goto(href('users'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter XLSX' }).click();
  expect((await download).suggestedFilename()).toBe('users.xlsx');
});

test('the users screen has no serious accessibility violation', async ({ page }) => {
  await page.goto(href('users'));
  await expect(tableNamed(page, 'Utilisateurs').table.getByRole('cell').first()).toBeVisible();
  await expectAccessible(page);
});
