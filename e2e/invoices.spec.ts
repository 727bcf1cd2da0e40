// The invoice export screen in the browser: ACCOUNTING opens 'Factures' from the menu, sees Leon's invoices
// 3 a page with their badges, searches by mission number, refreshes the ERROR rows, and exports a CSV for
// its accounting tool (accessible with the dialog open); OPERATION has neither the menu entry nor the page.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { INVOICE_CSV_COLUMNS } from '../contract/invoices';
import { href } from '../contract/routes';
import { sortBy, tableNamed } from './support/lists';
import { expectNoEntry } from './support/navigation';
import { openAsAccounting, signedInAs, signInAsAccounting } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const list = (page: Page) => tableNamed(page, 'Factures');

/** Today in Paris as the date field takes it when typed: ddMMyyyy. */
const todayTyped = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-');
  return `${d}${m}${y}`;
};

test.describe('ACCOUNTING', () => {
  test('opens Factures, pages 3 rows with badges, searches by mission number and refreshes', async ({
    page,
  }) => {
    await openAsAccounting(page, 'Factures', 'invoices', 'Factures Leon');
    await expect(list(page).rows).toHaveCount(3);
    const statuses = await list(page).column('Statut');
    for (const status of statuses) expect(['Erreur', 'En Attente', 'Succès']).toContain(status);
    const types = await list(page).column('Type de facture');
    for (const type of types) expect(['Invoice', 'Recharge Invoice', 'Credit Notes']).toContain(type);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();

    // A row of the page with a mission number (an invoice may have none, shown empty).
    const mission = (await list(page).column('Libellé')).find((text) => /^\d+$/.test(text));
    if (!mission) throw new Error('no mission number on the first page');
    await page.getByPlaceholder('Rechercher par le N° de mission').fill(mission);
    await expect.poll(async () => new Set(await list(page).column('Libellé'))).toEqual(new Set([mission]));
    await page.getByPlaceholder('Rechercher par le N° de mission').fill('');
    await expect(list(page).rows).toHaveCount(3);

    await page.getByRole('button', { name: 'Mettre à jour les factures en erreur' }).click();
    await expect(page.getByText('Mise à jour réussie des données')).toBeVisible();
    await expect(list(page).rows).toHaveCount(3);
  });

  test('exports the period to invoices.csv with the documented header', async ({ page }) => {
    await signInAsAccounting(page);
    await page.goto(href('invoices'));
    await expect(list(page).rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Exporter vers CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter vers CSV' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('checkbox', { name: 'Inclure les factures de réussite' }),
    ).not.toBeChecked();
    // Without a period: the dialog says so and nothing is downloaded.
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'La période est requise (date de début et date de fin)',
    );
    await expectAccessible(page);

    const period = dialog.getByRole('group', { name: 'Période' });
    await period.getByRole('spinbutton', { name: /jour/i }).first().click();
    await page.keyboard.type('01012023');
    await period.getByRole('spinbutton', { name: /jour/i }).nth(1).click();
    await page.keyboard.type(todayTyped());
    await dialog.getByRole('checkbox', { name: 'Inclure les factures de réussite' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Exporter' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoices.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.map((c) => c.header).join(';'));
    expect(lines.length).toBeGreaterThan(2);
    await expect(dialog).toBeHidden();
    // What was exported is now 'Succès'.
    await expect.poll(async () => (await list(page).column('Statut')).includes('En Attente')).toBe(false);
  });
});

test.describe('ADMIN', () => {
  test.use(signedInAs('ADMIN'));

  test('sorts by a header, fits 1440, 1280 and 390 px with the table scrolling in its frame, no console error', async ({
    page,
  }) => {
    await page.goto(href('invoices'));
    await expect(list(page).rows).toHaveCount(3);

    await sortBy(list(page).table, /Crédit/, 'ascending');
    await sortBy(list(page).table, /Crédit/, 'descending');
    const euros = (texts: string[]) => texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
    await expect
      .poll(async () => {
        const credits = euros(await list(page).column('Crédit'));
        return credits.every((c, i) => i === 0 || credits[i - 1] >= c);
      })
      .toBe(true);

    for (const width of [1440, 1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('button', { name: 'Exporter vers CSV' })).toBeInViewport();
      await expect(
        page.getByRole('button', { name: 'Mettre à jour les factures en erreur' }),
      ).toBeInViewport();
      // The page itself never scrolls sideways; the 33 columns scroll inside the table's frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const frame = page.getByRole('region', { name: 'Tableau Factures' });
      expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // The first columns (status and type) stay visible, side by side, when the frame scrolls to its end.
      await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const status = list(page).table.getByRole('columnheader', { name: /Statut/ });
      const type = list(page).table.getByRole('columnheader', { name: /Type de facture/ });
      await expect(status).toBeInViewport();
      await expect(type).toBeInViewport();
      const [statusBox, typeBox] = [await status.boundingBox(), await type.boundingBox()];
      expect(Math.round(typeBox!.x)).toBe(Math.round(statusBox!.x + statusBox!.width));
      await frame.evaluate((el) => el.scrollTo({ left: 0 }));
    }
    await expectAccessible(page);
  });
});

test.describe('OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('has no Factures entry and is sent to the dashboard from the page', async ({ page }) => {
    await expectNoEntry(page, 'Factures', 'invoices');
    await expect(page.getByRole('heading', { name: 'Factures Leon' })).toHaveCount(0);
  });
});
