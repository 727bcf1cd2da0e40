// Evidence that the react-aria components the product relies on work in Chromium with the React we
// ship (docs/decisions/002): dialog, popover, combobox, date-range picker, table and toast.

import { E2E } from './env';
import { expect, test } from './support/test';

/** Opens the check page with only `section` mounted; returns the page errors seen. */
async function open(page: import('@playwright/test').Page, section: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${E2E.componentCheckURL}?only=${section}`);
  return errors;
}

test('Dialog in a Modal opens, traps focus, closes with Escape and gives focus back', async ({ page }) => {
  expect(await open(page, 'dialog')).toEqual([]);
  const trigger = page.getByRole('button', { name: 'Ouvrir la boîte de dialogue' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});

test('Popover opens next to its trigger and closes on an outside click', async ({ page }) => {
  await open(page, 'popover');
  await page.getByRole('button', { name: 'Ouvrir le popover' }).click();
  await expect(page.getByRole('dialog', { name: 'Détails' })).toContainText('Contenu du popover');
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog', { name: 'Détails' })).toBeHidden();
});

test('ComboBox filters as one types and selects with the keyboard', async ({ page }) => {
  expect(await open(page, 'combobox')).toEqual([]);
  const input = page.getByRole('combobox', { name: 'Aéroport' });
  await input.fill('Toul');
  const options = page.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveText('LFBO Toulouse-Blagnac');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('airport')).toHaveText('Aéroport choisi : LFBO');
});

test('DateRangePicker in French picks a range in its calendar, typed segments too', async ({ page }) => {
  expect(await open(page, 'daterange')).toEqual([]);
  await page.getByRole('button', { name: 'Calendrier' }).click();
  const calendar = page.getByRole('application');
  await expect(calendar).toBeVisible();
  // French month names in the heading.
  await expect(page.getByRole('dialog', { name: 'Calendrier' }).getByRole('heading')).toHaveText(
    /janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre/,
  );
  const days = page
    .getByRole('dialog', { name: 'Calendrier' })
    .getByRole('gridcell')
    .filter({ hasNot: page.locator('[aria-disabled="true"]') });
  await days
    .getByRole('button', { name: /^\D*10\b/ })
    .first()
    .click();
  await days
    .getByRole('button', { name: /^\D*12\b/ })
    .first()
    .click();
  await expect(page.getByTestId('range')).toHaveText(/Période choisie : \d{4}-\d{2}-10 – \d{4}-\d{2}-12/);
  // The fields show the days in French order (dd/mm/yyyy).
  await expect(
    page.getByRole('group', { name: 'Période' }).getByRole('spinbutton', { name: /jour/i }).first(),
  ).toHaveText('10');
});

test('Table sorts by a column and selects rows', async ({ page }) => {
  expect(await open(page, 'table')).toEqual([]);
  const table = page.getByRole('grid', { name: 'Missions' });
  const firstCells = table.getByRole('rowheader');
  await expect(firstCells).toHaveText(['TR-001', 'TR-002', 'TR-003']);
  await table.getByRole('columnheader', { name: 'N° de mission' }).click();
  await expect(firstCells).toHaveText(['TR-003', 'TR-002', 'TR-001']);
  await table.getByRole('row', { name: /TR-002/ }).click();
  await expect(page.getByTestId('selected')).toHaveText('Sélection : c');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selected')).toHaveText('Sélection : b,c');
});

test('Toast appears at the top centre and goes away after 2.5 s', async ({ page }) => {
  expect(await open(page, 'toast')).toEqual([]);
  await page.getByRole('button', { name: 'Afficher un toast' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Données synchronisées avec succès' });
  await expect(toast).toBeVisible();
  const box = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(Math.abs(box!.x + box!.width / 2 - width / 2)).toBeLessThan(4);
  expect(box!.y).toBeLessThan(40);
  await expect(toast).toBeHidden({ timeout: 5000 });
});
