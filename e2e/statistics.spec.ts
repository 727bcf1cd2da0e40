// Statistics in the browser: staff change invoice statuses, upload an invoice PDF in two steps and open it,
// make a record visible to its hospital; the HOSPITAL user sees only its hospital's visible records,
// without statuses, actions or checkboxes. Axe runs with each dialog open.
import type { Page } from '@playwright/test';
import { href } from '../contract/routes';
import { E2E } from './env';
import { expect, expectAccessible, menu, signedInAs, tableNamed, test } from './support';

test.describe.configure({ mode: 'serial' });

/** The hospital of hopital@demo.test (api/db/seed.ts). */
const HOSPITAL = 'CHU de Bordeaux – Hôpital Pellegrin';
const list = (page: Page) => tableNamed(page, 'Statistiques');
/** The mission numbers this file makes visible to the hospital, and hides from it. */
const shown: { visible?: string; hidden?: string } = {};

async function openStatistics(page: Page) {
  await page.goto(href('dashboard'));
  await menu(page)
    .getByRole('link', { name: /^Statistiques/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Statistiques' })).toBeVisible();
  await expect(list(page).rows.first()).toBeVisible();
}

async function search(page: Page, number: string) {
  await page.getByLabel('Rechercher').fill(number);
  await expect(list(page).rows).toHaveCount(1);
  await expect(list(page).rows.first()).toContainText(number);
}

/** A tiny valid PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('changes the invoice statuses of the selected rows', async ({ page }) => {
    await openStatistics(page);
    await expect(list(page).rows).toHaveCount(20);
    const update = page.getByRole('button', { name: 'Mise à jour du statut' });
    await expect(update).toBeDisabled();
    const first = list(page).rows.nth(0);
    const second = list(page).rows.nth(1);
    const numbers = [
      ((await (await list(page).cell(first, 'N° de mission')).textContent()) ?? '').trim(),
      ((await (await list(page).cell(second, 'N° de mission')).textContent()) ?? '').trim(),
    ];
    await first.getByRole('checkbox').check();
    await second.getByRole('checkbox').check();
    await expect(update).toBeEnabled();
    await update.click();
    const dialog = page.getByRole('dialog', { name: 'Mise à jour du statut' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Statut facture vol').selectOption({ label: 'Payée' });
    await dialog.getByLabel('Statut facture aéroport').selectOption({ label: 'Déposée Chorus' });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Statut mis à jour')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const number of numbers) {
      await search(page, number);
      const row = list(page).rows.first();
      await expect(await list(page).cell(row, 'Statut vol')).toHaveText('Payée');
      await expect(await list(page).cell(row, 'Statut aéroport')).toHaveText('Déposée Chorus');
    }
  });

  test('uploads an invoice PDF in two steps and opens it in a new tab', async ({ page, request }) => {
    await openStatistics(page);
    // Two trips of the demo hospital flown three days ago arrive with a sync: their records appear.
    const added: string[] = [];
    for (const hours of [72, 75]) {
      const std = Date.now() - hours * 3600_000;
      const at = (minutes: number) => new Date(std + minutes * 60_000).toISOString();
      const answer = await request.post(`${E2E.simURL}/__sim/trips`, {
        data: {
          status: 'CONFIRMED',
          client: HOSPITAL,
          legs: [{ from: 'LFBD', to: 'LFPG', std: at(0), sta: at(80), blockOff: at(5), blockOn: at(88) }],
        },
      });
      expect(answer.ok()).toBe(true);
      added.push(((await answer.json()) as { tripNumber: string }).tripNumber);
    }
    await menu(page).getByRole('button', { name: 'Chargement nouvelles missions' }).click();
    await expect(page.getByText(/^Données synchronisées avec succès/)).toBeVisible();
    const [number, other] = added;
    await search(page, number);
    const row = list(page).rows.first();
    await expect(await list(page).cell(row, 'Statut vol')).toHaveText('A éditer');
    await expect((await list(page).cell(row, 'Facture vol')).getByRole('button')).toBeDisabled();

    await row.getByRole('button', { name: `Mise à jour PDF de la mission ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mise à jour PDF' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Sélectionner le fichier pdf').first()).toBeVisible();
    await expectAccessible(page);
    // The pairing rule: a PDF needs its id.
    await dialog
      .getByRole('group', { name: 'Facture Vol' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Obligatoire').first()).toBeVisible();
    await dialog.getByLabel('Identifiant facture vol').fill('FV-E2E-1');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Êtes-vous sûr de vouloir télécharger ces fichiers ?')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Factures mises à jour')).toBeVisible();
    await expect(dialog).toBeHidden();

    const download = (await list(page).cell(row, 'Facture vol')).getByRole('button');
    await expect(download).toBeEnabled();
    const popup = page.waitForEvent('popup');
    await download.click();
    const tab = await popup;
    // The tab shows the PDF (and asks for /favicon.ico, which the app serves): its console stays clean.
    await expect.poll(() => tab.url()).toMatch(/\/api\/files\//);
    const file = await page.request.get(tab.url());
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    // Visible to the hospital: this one on; the other shown, then hidden again.
    const show = /Afficher les statistiques à partir de la vue de l'hôpital/;
    const hide = /Masquer les statistiques de la vue de l'hôpital/;
    await row.getByRole('button', { name: show }).click();
    await expect(row.getByRole('button', { name: hide })).toBeVisible();
    await search(page, other);
    await list(page).rows.first().getByRole('button', { name: show }).click();
    await expect(list(page).rows.first().getByRole('button', { name: hide })).toBeVisible();
    await list(page).rows.first().getByRole('button', { name: hide }).click();
    await expect(list(page).rows.first().getByRole('button', { name: show })).toBeVisible();
    shown.visible = number;
    shown.hidden = other;
  });
});

test.describe('on a phone, as OPERATION', () => {
  test.use({ ...signedInAs('OPERATION'), viewport: { width: 390, height: 844 } });

  test('the filters sit in a panel that the Filtres button opens and closes', async ({ page }) => {
    await page.goto(href('statistics'));
    await expect(list(page).rows.first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filtres' });
    const organ = page.getByLabel('Organe');
    await expect(organ).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(organ).toBeVisible();
    await toggle.click();
    await expect(organ).toBeHidden();
    // The page itself never scrolls sideways: the table scrolls in its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('sees only its hospital’s visible records, without statuses, actions or checkboxes', async ({
    page,
  }) => {
    await openStatistics(page);
    const headers = (await list(page).table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(headers).toContain('Coût total vol');
    expect(headers).toContain('Facture vol');
    for (const hidden of ['Statut vol', 'Statut aéroport', 'Actions']) expect(headers).not.toContain(hidden);
    await expect(list(page).table.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mise à jour du statut' })).toHaveCount(0);
    expect(new Set(await list(page).column('Hôpital'))).toEqual(new Set([HOSPITAL]));
    expect(shown.visible).toBeDefined();
    await search(page, shown.visible!);
    // Its invoice PDF can be opened from here too.
    await expect(
      (await list(page).cell(list(page).rows.first(), 'Facture vol')).getByRole('button'),
    ).toBeEnabled();
    await page.getByLabel('Rechercher').fill(shown.hidden!);
    await expect(page.getByText('Aucune statistique trouvée')).toBeVisible();
    await expectAccessible(page);
  });
});
