// 'Tableau de bord' in the browser (decisions 067 and 068): ADMIN opens it from the menu on the last 12 months and
// sees every panel; the keyboard reaches every value of a chart, each shown in its tooltip; 'Voir les
// données' gives the chart's figures bar for bar; a bar opens the mission list it counts, filtered by its
// month and status, with as many rows; 'Exporter XLSX' downloads the figures, a sheet per panel; HOSPITAL
// sees its missions and costs only. Accessible, and laid out at 1440, 1280 and 390 px (screenshots in
// test-results).
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  DASHBOARD_PANELS_BY_ROLE,
  DASHBOARD_SHEETS,
  dashboardXlsxFile,
  defaultDashboardPeriod,
} from '../contract/dashboard';
import { href } from '../contract/routes';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { tableNamed } from './support/lists';
import { at, openFromMenu } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

const MISSIONS_CHART = 'Missions par mois et par statut';
/** The screen's first figures: its chunk, then a year of every panel, on a loaded 2-core machine. */
const FIRST_FIGURES = 30_000;

/** Intl's no-break spaces read as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ').trim();

/** A chart's panel by its title (a region named by its level 3 heading). */
const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The bars of a panel's chart: their accessible names ('Réalisée, janv. 2026 : 3 (voir la liste)'). */
const barNames = async (chart: Locator) =>
  (
    await chart
      .locator('rect[tabindex]')
      .evaluateAll((bars) => bars.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((name) => plain(name).replace(/ \(voir la liste\)$/, ''));

async function openDashboard(page: Page) {
  await page.goto(href('requestedMissions'));
  await openFromMenu(page, 'Tableau de bord', 'overview', 'Tableau de bord');
  await expect(panel(page, MISSIONS_CHART)).toBeVisible({ timeout: FIRST_FIGURES });
}

async function layoutAt(page: Page, label: string) {
  await expectLayoutOkAt(page, LAYOUT_SIZES, label, (width) => `${label} ${width}`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('ADMIN', () => {
  test.use({ ...signedInAs('ADMIN'), viewport: { width: 1440, height: 900 } });

  test('sees every panel of the last 12 months, accessible and laid out at each width', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Missions',
      'Coûts',
      'Factures',
      'Écarts de facturation',
      'Activité',
    ]);
    for (const title of [
      'Missions par type d’organe',
      'Coûts par mois et par poste',
      'Coûts par hôpital',
      'Statut des factures vol par mois',
      'Export comptable par mois',
      'Écart facturé − calculé par mois',
      'Heures de vol par pilote',
    ])
      await expect(panel(page, title)).toBeVisible();
    // Twelve months on the axis of the months' chart, labelled as the tables write them.
    await expect(
      panel(page, MISSIONS_CHART)
        .getByText(/^[a-zéû]+\.? \d{4}$/)
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('dashboard-ADMIN-whole-page.png'), fullPage: true });
    await layoutAt(page, 'dashboard ADMIN');
  });

  test('the keyboard reaches every value of a chart, each shown on focus', async ({ page }) => {
    await openDashboard(page);
    const chart = panel(page, MISSIONS_CHART);
    const names = await barNames(chart);
    expect(names.length).toBeGreaterThan(0);
    // One tab stop for the chart: Tab from 'Voir les données' and the two downloads lands on its first bar.
    await chart.getByRole('button', { name: /en PNG$/ }).focus();
    await page.keyboard.press('Tab');
    const seen: string[] = [];
    for (let i = 0; i < names.length; i++) {
      const focused = plain(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null),
      );
      const tooltip = chart.locator('[role="tooltip"]');
      await expect(tooltip).toBeVisible();
      expect(focused.startsWith(plain(await tooltip.textContent()))).toBe(true);
      seen.push(focused.replace(/ \(voir la liste\)$/, ''));
      await page.keyboard.press('ArrowRight');
    }
    expect(seen).toEqual(names);
  });

  test("'Voir les données' shows the chart's figures, bar for bar", async ({ page }) => {
    await openDashboard(page);
    const chart = panel(page, MISSIONS_CHART);
    await chart.getByRole('button', { name: 'Voir les données' }).click();
    const table = tableNamed(page, MISSIONS_CHART);
    await expect(table.rows).toHaveCount(12);
    const headers = (await table.table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    const rows = await table.rows.evaluateAll((trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => (c.textContent ?? '').trim())),
    );
    const names = await barNames(chart);
    for (const name of names) {
      const [, status, month, value] = name.match(/^(.+), (.+) : (.+)$/) ?? [];
      const row = rows.find((r) => plain(r[0]) === month);
      expect(plain(row?.[headers.indexOf(status)] ?? null), name).toBe(value);
    }
    // And each table figure not drawn is a zero.
    const drawn = new Set(names.map((n) => n.replace(/ : .+$/, '')));
    for (const row of rows)
      headers.slice(1, -1).forEach((status, i) => {
        if (!drawn.has(`${status}, ${plain(row[0])}`)) expect(row[i + 1]).toBe('0');
      });
  });

  test("'Exporter XLSX' downloads the figures of the period, one sheet per panel", async ({ page }) => {
    await openDashboard(page);
    const button = page.getByRole('button', { name: 'Exporter XLSX' });
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tableau-de-bord-\d{4}-\d{2}-\d{4}-\d{2}\.xlsx$/);
    expect(file.suggestedFilename()).toBe(dashboardXlsxFile(defaultDashboardPeriod(new Date())));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
      DASHBOARD_PANELS_BY_ROLE.ADMIN.map((p) => DASHBOARD_SHEETS[p]),
    );
    await expect(button).toBeEnabled();
  });

  test('a bar opens the mission list it counts, filtered by its month and status', async ({ page }) => {
    await openDashboard(page);
    const chart = panel(page, MISSIONS_CHART);
    // The latest bar of 'Réalisée' (the completed list), its value small enough for one page.
    const bars = chart.getByRole('link', { name: /^Réalisée, / });
    const count = await bars.count();
    expect(count).toBeGreaterThan(0);
    let chosen: Locator | null = null;
    let value = 0;
    for (let i = count - 1; i >= 0 && !chosen; i--) {
      const v = Number(await bars.nth(i).getAttribute('data-value'));
      if (v <= 20) [chosen, value] = [bars.nth(i), v];
    }
    if (!chosen) throw new Error('no month with at most 20 completed missions');
    await chosen.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('completedMissions'));
    const url = new URL(page.url());
    expect(url.searchParams.get('statusNeeded')).toBe('TERMINEE');
    expect(url.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const missions = tableNamed(page, 'Missions');
    await expect(missions.rows).toHaveCount(value, { timeout: 15_000 });
    for (const status of await missions.column('Statut')) expect(status).toBe('Réalisée');
    // The period field shows the month.
    const [y, m] = (url.searchParams.get('startDate') ?? '').split('-');
    await expect(page.getByRole('group', { name: 'Période' })).toContainText(`/${m}/${y}`);
  });
});

test.describe('HOSPITAL', () => {
  test.use({ ...signedInAs('HOSPITAL'), viewport: { width: 1440, height: 900 } });

  test('sees its missions and costs only, accessible and laid out at each width', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Missions', 'Coûts']);
    await expect(page.getByRole('heading', { name: 'Export comptable par mois' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'voir les missions au coût incomplet' })).toHaveCount(0);
    await expectAccessible(page);
    await layoutAt(page, 'dashboard HOSPITAL');
  });
});
