// Lists: tables by their accessible name and column headers, sorting, and the shared period field.
import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

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

/** Clicks the sort button of the column `header` of `table`, then expects the column sorted `order`. */
export async function sortBy(table: Locator, header: RegExp, order: 'ascending' | 'descending') {
  await table.getByRole('button', { name: header }).click();
  await expect(table.getByRole('columnheader', { name: header })).toHaveAttribute('aria-sort', order);
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
