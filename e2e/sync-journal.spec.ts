// The journal of the sync runs in the browser (issue 25): a sync from the menu, its toast counting
// missions, invoices and safety reports, whose link opens the journal; the demo's runs of each result;
// a run opened with its skipped trips; axe and the layout check with the run open at 1440, 1280 and 390 px;
// at 1440 and 1280 px every column in view, a failed run's reason under its result; at 390 px the headers on
// one line.
// OPERATION reads it without 'Réessayer'; HOSPITAL has no menu entry.
import { href } from '../contract/routes';
import { expectLayoutOk, expectLayoutOkAt, LAYOUT_SIZES, shoot } from './layout';
import { tableNamed } from './support/lists';
import { at, menu } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe('as ADMIN', () => {
  test.use(signedInAs('ADMIN'));

  test("the sync toast's link opens the journal; a run opens with its skipped trips", async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await menu(page).getByRole('button', { name: 'Mise à jour informations' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Données synchronisées avec succès' });
    await expect(toast).toContainText(/\(missions : \d+, factures : \d+, rapports de sécurité : \d+\)/);
    await toast.getByRole('link', { name: 'Voir le journal' }).click();
    await expect(page).toHaveURL(at('syncJournal'));
    await expect(page.getByRole('heading', { level: 1, name: 'Journal des synchronisations' })).toBeVisible();

    const { table, rows } = tableNamed(page, 'Synchronisations');
    // Newest first: the update just run, by the admin; then the demo's runs of each result.
    await expect(rows.first()).toContainText('Mise à jour');
    await expect(rows.first()).toContainText('Réussie');
    for (const result of ['Réussie', 'Échouée', 'Interrompue'])
      await expect(table.getByText(result, { exact: true }).first()).toBeVisible();
    await expect(table.getByText('automatique').first()).toBeVisible();
    await expect(table.getByText('Leon est injoignable, veuillez réessayer plus tard.')).toBeVisible();

    // The demo's manual load that skipped a trip (api/sync/demo-runs.ts).
    const skipping = rows.filter({ hasText: '4 / 2 / 0 / 1' }).first();
    await skipping.getByRole('button', { name: /^Ouvrir la synchronisation du/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Missions ignorées (1)' })).toBeVisible();
    await expect(dialog.getByText('Mission DEMO-0417')).toBeVisible();
    await expect(dialog.getByText(/Import impossible : un nombre dépasse/)).toBeVisible();

    await expectAccessible(page);
    await expectLayoutOkAt(page, LAYOUT_SIZES, 'journal, run open', (width) => `journal-run-${width}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await expectLayoutOk(page, 'journal at 390 px');
    await shoot(page, test.info(), 'journal-390');
    // Where the frame scrolls sideways the reports header keeps to one line, as every other header does.
    const reportsHeader = table.getByRole('columnheader', { name: 'Rapports de sécurité' });
    const lines = () => reportsHeader.locator('span').evaluate((span) => span.getClientRects().length);
    expect(await lines()).toBe(1);
    // At 1440 and 1280 px every column is in view (none behind the Détails column kept at the right
    // edge), the failure reason under its result, without scrolling sideways.
    for (const [width, height] of [
      [1440, 900],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await shoot(page, test.info(), `journal-${width}`);
      const frame = table.locator('xpath=..');
      expect(await frame.evaluate((f) => f.scrollWidth - f.clientWidth)).toBeLessThanOrEqual(0);
      await expect(table.getByText('Leon est injoignable, veuillez réessayer plus tard.')).toBeInViewport();
      await expect(reportsHeader).toBeInViewport({ ratio: 1 });
    }
  });
});

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('reads the journal from the menu, without Réessayer', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await menu(page).getByRole('link', { name: 'Journal des synchronisations' }).click();
    await expect(page).toHaveURL(at('syncJournal'));
    const { rows } = tableNamed(page, 'Synchronisations');
    await rows
      .first()
      .getByRole('button', { name: /^Ouvrir la synchronisation du/ })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('has no menu entry and is sent away from the journal', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await expect(menu(page).getByRole('link', { name: 'Journal des synchronisations' })).toHaveCount(0);
    await page.goto(href('syncJournal'));
    await expect(page).not.toHaveURL(at('syncJournal'));
  });
});
