// The billing check in the browser (issues 26 and 54): an ADMIN opens 'Écarts de facturation' from the menu
// (with its count) on the menu's own period, whose counts add up to it; sees the settings in force and
// changes them in a dialog; sees the totals and the count of each verdict for a period, filters by verdict,
// opens a row's breakdown line by line — accessible and laid out at 1440, 1280 and 390 px with the screen,
// the settings dialog and the breakdown —; a reversed or too long period says why and shows no figures;
// ACCOUNTING has the entry and reads the settings; OPERATION has neither the entry nor the page, and the API
// refuses it.
import type { Locator, Page } from '@playwright/test';
import { addDays, BILLING_MESSAGES, BILLING_VERDICT_BADGES } from '../contract/billing';
import { href } from '../contract/routes';
import { E2E } from './env';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { tableNamed, typePeriod } from './support/lists';
import { expectNoEntry, menu, openFromMenu } from './support/navigation';
import { openAsAccounting, signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const list = (page: Page) => tableNamed(page, 'Écarts de facturation');
const VERDICT_LABELS = Object.values(BILLING_VERDICT_BADGES).map((b) => b.label);
/** Each row's verdict: the badge that starts its cell, the reason under it left out. */
const verdictColumn = async (page: Page) =>
  (await list(page).column('Verdict et motif')).map(
    (text) => VERDICT_LABELS.find((l) => text.startsWith(l)) ?? text,
  );
/** The menu's entry, with the count of rows to look at. */
const WITH_COUNT = /^Écarts de facturation \(\d+\)$/;

/** yyyy-MM-dd of `days` days before today in Paris. */
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
/** The same day as the period field shows it: dd/MM/yyyy. */
const french = (day: string) => day.split('-').reverse().join('/');
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

/** The rows to look at that the screen counts ('À examiner … : N'). */
async function toLookAt(page: Page): Promise<number> {
  const line = page.getByRole('region', { name: 'Totaux' }).getByText(/^À examiner/);
  await expect(line).toBeVisible();
  return Number((await line.textContent())?.match(/: (\d+)$/)?.[1]);
}

/** How long the screen's first rows may take: its chunk, then 92 days judged, on a loaded 2-core machine. */
const FIRST_ROWS = 30_000;

/** The figures of a period: the totals and the table, both shown or both absent. */
const figures = (page: Page) => [page.getByRole('region', { name: 'Totaux' }), list(page).table];

test.describe('ADMIN', () => {
  test.use({ ...signedInAs('ADMIN'), viewport: { width: 1440, height: 900 } });

  test('opens on the period the menu counts: its rows, and the same count', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    const entry = menu(page).getByRole('link', { name: WITH_COUNT });
    // The first page of a fresh stack: its layout's chunks, then the count of 92 days, on a busy machine.
    await expect(entry).toBeVisible({ timeout: 30_000 });
    const counted = Number((await entry.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(counted).toBeGreaterThan(0);
    await openFromMenu(page, WITH_COUNT, 'billing', 'Écarts de facturation');
    // The last 92 days up to today, Paris.
    const period = page.getByRole('group', { name: 'Période' });
    await expect(period).toContainText(`${french(addDays(daysAgo(0), -91))}–${french(daysAgo(0))}`);
    await expect(list(page).rows.first()).toBeVisible();
    await expect(page.getByText('Aucune mission ni facture sur cette période')).toBeHidden();
    expect(await toLookAt(page)).toBe(counted);
    await expectAccessible(page);
    await widths(page, 'billing opened');
  });

  test('changes the tolerance and the delay in a dialog, in French, and they show', async ({ page }) => {
    await page.goto(href('billing'));
    const settings = page.getByRole('region', { name: 'Réglages du contrôle' });
    await expect(settings).toContainText(/Tolérance :.+ % ou .+ €/);
    const before = await settings.locator('dd').allTextContents();
    await settings.getByRole('button', { name: 'Modifier les réglages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réglages du contrôle de facturation' });
    await expect(dialog).toBeVisible();
    const percent = dialog.getByLabel('Tolérance en pourcentage (%)');
    const euros = dialog.getByLabel('Tolérance en euros (€)');
    const days = dialog.getByLabel('Délai avant « Non facturée » (jours)');
    const kept = [await percent.inputValue(), await euros.inputValue(), await days.inputValue()];
    await expectAccessible(page);
    await widths(page, 'billing settings');

    // Refused in the API's words, the field marked.
    await days.fill('400');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog.getByText(BILLING_MESSAGES.unbilledAfterDays)).toBeVisible();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await percent.fill('1,5');
    await days.fill('16');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog).toBeHidden();
    await expect(settings).toContainText('Tolérance :1,5 % ou');
    await expect(settings).toContainText('Non facturée après :16 jours');

    // Back as they were, so that the other tests judge as before.
    await settings.getByRole('button', { name: 'Modifier les réglages' }).click();
    await percent.fill(kept[0]);
    await euros.fill(kept[1]);
    await days.fill(kept[2]);
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => settings.locator('dd').allTextContents()).toEqual(before);
  });

  test('sees the period’s totals and verdicts, filters, and opens a mission’s breakdown', async ({
    page,
  }) => {
    // Two layout checks at three widths, an export and four lists: near a minute on a loaded 2-core machine.
    test.slow();
    await page.goto(href('requestedMissions'));
    await openFromMenu(page, WITH_COUNT, 'billing', 'Écarts de facturation');

    // The last 60 days: the demo's completed missions and Leon's invoices.
    await typePeriod(page, typed(daysAgo(60)), typed(daysAgo(0)));
    await expect(list(page).rows.first()).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totaux' });
    await expect(totals.getByRole('term')).toHaveText([
      'Facturé HT',
      'Coût calculé',
      'Écart',
      'Facturé hors comparaison',
    ]);
    // What each total holds, said beside them.
    await expect(totals.getByText(/^Écart = Facturé HT − Coût calculé/)).toBeVisible();
    const counts = totals.getByRole('list', { name: 'Missions par verdict' });
    for (const verdict of Object.values(BILLING_VERDICT_BADGES))
      await expect(counts).toContainText(verdict.label);
    const verdicts = await verdictColumn(page);
    expect(verdicts.length).toBeGreaterThan(0);
    for (const v of verdicts) expect(Object.values(BILLING_VERDICT_BADGES).map((b) => b.label)).toContain(v);
    await expectAccessible(page);
    await widths(page, 'billing list');

    // One verdict: every row shown has it.
    const shown = verdicts[0];
    const value = Object.entries(BILLING_VERDICT_BADGES).find(([, b]) => b.label === shown)![0];
    await page.getByLabel('Verdict', { exact: true }).selectOption(value);
    await expect.poll(async () => new Set(await verdictColumn(page))).toEqual(new Set([shown]));

    // The filtered rows with their breakdown, as a spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter XLSX' }).click();
    expect((await download).suggestedFilename()).toBe('ecarts-de-facturation.xlsx');

    // A mission's breakdown: each cost line beside what Leon invoiced.
    // A mission invoiced as computed ('Conforme'), so that its invoices show.
    await page.getByLabel('Verdict', { exact: true }).selectOption('CONFORME');
    await expect
      .poll(async () => new Set(await verdictColumn(page)))
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

  test('says what is wrong with a period too long, and shows no figures', async ({ page }) => {
    await page.goto(href('billing'));
    await expect(list(page).rows.first()).toBeVisible({ timeout: FIRST_ROWS });
    await typePeriod(page, typed(daysAgo(120)), typed(daysAgo(0)));
    await expect(page.getByRole('alert')).toHaveText(BILLING_MESSAGES.periodTooLong);
    for (const shown of figures(page)) await expect(shown).toBeHidden();
    await expect(page.getByText('Aucune mission ni facture sur cette période')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Exporter XLSX' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('says that the start must come first, and shows no figures', async ({ page }) => {
    await page.goto(href('billing'));
    await expect(list(page).rows.first()).toBeVisible({ timeout: FIRST_ROWS });
    await typePeriod(page, typed(daysAgo(10)), typed(daysAgo(40)));
    // The period field's own words, short enough for one line under it (docs/decisions/062).
    await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin');
    for (const shown of figures(page)) await expect(shown).toBeHidden();
    await expect(page.getByRole('button', { name: 'Exporter XLSX' })).toBeDisabled();
    await expectAccessible(page);
    await widths(page, 'billing reversed period');
    // A right period again: its figures.
    await typePeriod(page, typed(daysAgo(40)), typed(daysAgo(10)));
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Totaux' })).toBeVisible();
  });
});

test.describe('ACCOUNTING', () => {
  test('has the menu entry with its count and the screen, and reads the settings', async ({ page }) => {
    await openAsAccounting(page, WITH_COUNT, 'billing', 'Écarts de facturation');
    await expect(page.getByRole('region', { name: 'Totaux' })).toBeVisible();
    const settings = page.getByRole('region', { name: 'Réglages du contrôle' });
    await expect(settings).toContainText(/Tolérance :.+ % ou .+ €/);
    await expect(settings).toContainText(/Non facturée après :\d+ jours?/);
    await expect(settings.getByRole('button')).toHaveCount(0);
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
