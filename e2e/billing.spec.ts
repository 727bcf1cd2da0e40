// The billing check in the browser (issue 26): an ADMIN opens 'Écarts de facturation' from the menu (with its
// count), sees the totals and the count of each verdict for a period, filters by verdict, opens a row's
// breakdown line by line — accessible and laid out at 1440, 1280 and 390 px with the breakdown open —;
// ACCOUNTING has the entry too; OPERATION has neither the entry nor the page, and the API refuses it.
import type { Locator, Page } from '@playwright/test';
import { BILLING_VERDICT_BADGES } from '../contract/billing';
import { href } from '../contract/routes';
import { E2E } from './env';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { tableNamed, typePeriod } from './support/lists';
import { expectNoEntry, openFromMenu } from './support/navigation';
import { openAsAccounting, signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const list = (page: Page) => tableNamed(page, 'Écarts de facturation');
/** The menu's entry, with the count of rows to look at. */
const WITH_COUNT = /^Écarts de facturation \(\d+\)$/;

/** yyyy-MM-dd of `days` days before today in Paris. */
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
/** The same day as the period field's day segments take it: ddMMyyyy. */
const typed = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

/** How many lines the text of `cell` takes on screen. */
const linesOf = (cell: Locator) =>
  cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
  });

async function widths(page: Page, label: string) {
  await expectLayoutOkAt(page, LAYOUT_SIZES, label, (width) => `${label} ${width}`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('ADMIN', () => {
  test.use({ ...signedInAs('ADMIN'), viewport: { width: 1440, height: 900 } });

  test('sees the period’s totals and verdicts, filters, and opens a mission’s breakdown', async ({
    page,
  }) => {
    await page.goto(href('requestedMissions'));
    await openFromMenu(page, WITH_COUNT, 'billing', 'Écarts de facturation');

    // The last 60 days: the demo's completed missions and Leon's invoices.
    await typePeriod(page, typed(daysAgo(60)), typed(daysAgo(0)));
    await expect(list(page).rows.first()).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totaux' });
    await expect(totals.getByText('Facturé HT')).toBeVisible();
    await expect(totals.getByText('Coût calculé')).toBeVisible();
    const counts = totals.getByRole('list', { name: 'Missions par verdict' });
    for (const verdict of Object.values(BILLING_VERDICT_BADGES))
      await expect(counts).toContainText(verdict.label);
    const verdicts = await list(page).column('Verdict');
    expect(verdicts.length).toBeGreaterThan(0);
    for (const v of verdicts) expect(Object.values(BILLING_VERDICT_BADGES).map((b) => b.label)).toContain(v);
    await expectAccessible(page);
    await widths(page, 'billing list');

    // One verdict: every row shown has it.
    const shown = verdicts[0];
    const value = Object.entries(BILLING_VERDICT_BADGES).find(([, b]) => b.label === shown)![0];
    await page.getByLabel('Verdict', { exact: true }).selectOption(value);
    await expect.poll(async () => new Set(await list(page).column('Verdict'))).toEqual(new Set([shown]));

    // The filtered rows with their breakdown, as a spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter XLSX' }).click();
    expect((await download).suggestedFilename()).toBe('ecarts-de-facturation.xlsx');

    // A mission's breakdown: each cost line beside what Leon invoiced.
    // A mission invoiced as computed ('Conforme'), so that its invoices show.
    await page.getByLabel('Verdict', { exact: true }).selectOption('CONFORME');
    await expect
      .poll(async () => new Set(await list(page).column('Verdict')))
      .toEqual(new Set([BILLING_VERDICT_BADGES.CONFORME.label]));
    const first = list(page)
      .rows.first()
      .getByRole('button', { name: /^Voir le détail de / });
    await first.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: /^(Détail de la mission|Facture sans mission)/ }),
    ).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Coût selon les tables de prix' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Facturé dans Leon' })).toBeVisible();
    await expect(dialog.getByText(/^Écart \(facturé − calculé\)/)).toBeVisible();
    await expectAccessible(page);
    await widths(page, 'billing breakdown');
    // Each invoice's date reads on one line, on a desktop as on a phone.
    const dates = dialog.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4}$/ });
    await expect(dates.first()).toBeVisible();
    for (const size of [LAYOUT_SIZES[0], LAYOUT_SIZES[2]]) {
      await page.setViewportSize(size);
      for (const date of await dates.all()) expect(await linesOf(date), `${size.width} px`).toBe(1);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  test('says what is wrong with a period too long, and asks for nothing', async ({ page }) => {
    await page.goto(href('billing'));
    await typePeriod(page, typed(daysAgo(120)), typed(daysAgo(0)));
    await expect(page.getByRole('alert')).toHaveText('La période ne peut pas dépasser 92 jours');
    await expect(page.getByRole('button', { name: 'Exporter XLSX' })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe('ACCOUNTING', () => {
  test('has the menu entry with its count and the screen', async ({ page }) => {
    await openAsAccounting(page, WITH_COUNT, 'billing', 'Écarts de facturation');
    await expect(page.getByRole('region', { name: 'Totaux' })).toBeVisible();
  });
});

test.describe('OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('has neither the entry nor the page, and the API refuses it in French', async ({ page }) => {
    await expectNoEntry(page, /^Écarts de facturation/, 'billing');
    const answer = await page.request.get(
      `${E2E.baseURL}/api/billing/checks?startDate=${daysAgo(30)}&endDate=${daysAgo(0)}`,
    );
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({
      message: "Vous n'avez pas accès à cette ressource",
      requestId: expect.any(String),
    });
  });
});
