// The statistics and invoice rows hold one line each at 1440 px (long names cut with an ellipsis, the whole
// text on hover), so that a screen shows many of them; at 390 px the mission number stays in view beside
// the checkbox while the statistics table scrolls sideways. Heights measured and printed; screenshots at
// 1280, 1440 and 390 px attached to the report.
import type { Page, TestInfo } from '@playwright/test';
import { href } from '../contract/routes';
import { dataRows, tableNamed } from './support/lists';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

test.use(signedInAs('ADMIN'));

const SCREENS = [
  { screen: 'statistics', table: 'Statistiques' },
  { screen: 'invoices', table: 'Factures' },
] as const;

async function open(page: Page, screen: 'statistics' | 'invoices', name: string) {
  await page.goto(href(screen));
  const table = page.getByRole('table', { name });
  // The first statistics page of a fresh stack is computed on demand: longer than the usual 10 s.
  await expect(dataRows(table).first()).toBeVisible({ timeout: 30_000 });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table;
}

/** The heights of the data rows, in px, tallest first. */
const rowHeights = (page: Page, name: string) =>
  page.evaluate((label) => {
    const table = document.querySelector(`table[aria-label="${label}"]`) as HTMLTableElement;
    return [...table.tBodies[0].rows].map((r) => r.getBoundingClientRect().height).sort((a, b) => b - a);
  }, name);

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const width of [1280, 1440] as const) {
  test(`statistics and invoice rows hold one line at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { screen, table: name } of SCREENS) {
      await open(page, screen, name);
      const heights = await rowHeights(page, name);
      console.info(`${width} px ${screen}: ${heights.length} rows, heights ${heights.join(', ')}`);
      testInfo.annotations.push({ type: `${width}px ${screen}`, description: heights.join(', ') });
      await shoot(page, testInfo, `${screen}-${width}.png`);
      // And its other end: the row actions (statistics), the last columns.
      await page.getByRole('region', { name: `Tableau ${name}` }).evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await shoot(page, testInfo, `${screen}-${width}-end.png`);
      if (width === 1440) expect(heights[0], `the tallest ${screen} row`).toBeLessThanOrEqual(48);
      // No page scroll sideways: the table frame scrolls instead.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    }
  });
}

test('a cut hospital name shows whole on hover and is read whole', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, 'statistics', 'Statistiques');
  const list = tableNamed(page, 'Statistiques');
  // The longest hospital name of the page: cut on screen, whole in the title and in the cell's text.
  const cells = await Promise.all((await list.rows.all()).map((row) => list.cell(row, 'Hôpital')));
  const texts = await Promise.all(cells.map((cell) => cell.textContent()));
  const longest = texts.reduce((a, b) => ((b ?? '').length > (a ?? '').length ? b : a)) ?? '';
  const cell = cells[texts.indexOf(longest)];
  const cut = cell.locator('[title]');
  await expect(cut).toHaveAttribute('title', longest.trim());
  expect(await cut.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(cell).toHaveText(longest.trim());
});

test('at 390 px the mission number stays beside the checkbox while the statistics scroll sideways', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const table = await open(page, 'statistics', 'Statistiques');
  const frame = page.getByRole('region', { name: 'Tableau Statistiques' });
  const row = dataRows(table).first();
  const number = row.getByRole('cell').nth(1);
  const before = (await number.boundingBox())!;
  await frame.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
  const after = (await number.boundingBox())!;
  const box = (await frame.boundingBox())!;
  expect(after.x).toBe(before.x);
  expect(after.x).toBeGreaterThanOrEqual(box.x);
  // Nothing scrolled over it: the point at its centre is the cell itself (or what is inside it).
  const onTop = await number.evaluate((cell) => {
    const rect = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return Boolean(hit && cell.contains(hit));
  });
  expect(onTop).toBe(true);
  await shoot(page, testInfo, 'statistics-390-scrolled.png');
  const heights = await rowHeights(page, 'Statistiques');
  console.info(`390 px statistics: heights ${heights.join(', ')}`);
});
