// The mission lists fit the screen: at 1280, 1440 and 390 px the page never scrolls sideways, the row
// actions of every visible row are in view (the table frame scrolls sideways if it must, its first and
// last columns staying put), and rows stay short (median height measured and printed). Screenshots at
// each width (at 390 px with the menu drawer open) are attached to the test report.
import type { Page, TestInfo } from '@playwright/test';
import { href } from '../contract/routes';
import { dataRows } from './support/lists';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

test.use(signedInAs('ADMIN'));

const LISTS = [{ screen: 'completedMissions' }, { screen: 'requestedMissions' }] as const;

interface Measure {
  pageOverflow: number;
  rows: number;
  medianRowHeight: number;
  actionsOutOfView: number;
  frameScrolls: boolean;
}

async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const table = document.querySelector('table[aria-label="Missions"]') as HTMLTableElement;
    const frame = table.parentElement as HTMLElement;
    const frameBox = frame.getBoundingClientRect();
    const rows = [...table.tBodies[0].rows];
    const heights = rows.map((r) => r.getBoundingClientRect().height).sort((a, b) => a - b);
    const right = Math.min(window.innerWidth, frameBox.right);
    const actionsOutOfView = rows.filter((row) => {
      const box = row.cells[row.cells.length - 1].getBoundingClientRect();
      return box.width === 0 || box.left < frameBox.left - 1 || box.right > right + 1;
    }).length;
    return {
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      rows: rows.length,
      medianRowHeight: heights.length ? heights[Math.floor(heights.length / 2)] : 0,
      actionsOutOfView,
      frameScrolls: frame.scrollWidth > frame.clientWidth,
    };
  });
}

async function openList(page: Page, screen: (typeof LISTS)[number]['screen']) {
  await page.goto(href(screen));
  const table = page.getByRole('table', { name: 'Missions' });
  await expect(dataRows(table).first()).toBeVisible();
  // Wait for the list to settle (not busy) before measuring.
  await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** A screenshot kept under test-results (the test's output folder) and attached to the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const width of [1280, 1440] as const) {
  test(`the mission lists fit ${width} px: no sideways page scroll, actions in view, short rows`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const list of LISTS) {
      await openList(page, list.screen);
      const m = await measure(page);
      console.info(`${width} px ${list.screen}: ${JSON.stringify(m)}`);
      testInfo.annotations.push({ type: `${width}px ${list.screen}`, description: JSON.stringify(m) });
      expect(m.rows).toBeGreaterThan(0);
      expect(m.pageOverflow).toBeLessThanOrEqual(0);
      expect(m.actionsOutOfView).toBe(0);
      expect(m.medianRowHeight).toBeLessThanOrEqual(64);
      if (list.screen === 'completedMissions') await shoot(page, testInfo, `missions-completed-${width}.png`);
    }
    // The itinerary shows codes; each names its airport on hover.
    const airport = page.getByRole('table', { name: 'Missions' }).locator('abbr[title]').first();
    await expect(airport).toHaveText(/^[A-Z0-9]{4}$/);
    await expect(airport).toHaveAttribute('title', /\S/);
  });
}

test('a long list reaches the window’s foot, its page navigator whole under it', async ({
  page,
}, testInfo) => {
  // A frame capped at a share of the window left empty space under a short page's list, and pushed the
  // navigator out of the window under a tall toolbar (the billing check at 1440 × 900).
  for (const [screen, label, width, height] of [
    ['billing', 'Écarts de facturation', 1440, 900],
    ['billing', 'Écarts de facturation', 1280, 800],
    ['completedMissions', 'Missions', 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(href(screen));
    const table = page.getByRole('table', { name: label });
    await expect(dataRows(table).first()).toBeVisible();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toBeInViewport({ ratio: 1 });
    const m = await table.evaluate((t) => {
      const frame = t.parentElement as HTMLElement;
      const nav = document.querySelector('nav[aria-label="Pagination"]') as HTMLElement;
      return {
        scrolls: frame.scrollHeight > frame.clientHeight,
        spaceUnderPager: window.innerHeight - nav.getBoundingClientRect().bottom,
        pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
        sideways: frame.scrollWidth - frame.clientWidth,
      };
    });
    console.info(`${screen} at ${width} × ${height}: ${JSON.stringify(m)}`);
    // The rows scroll within the frame, which ends just above the navigator; the page itself stays put.
    expect(m.scrolls).toBe(true);
    expect(m.spaceUnderPager).toBeGreaterThanOrEqual(0);
    expect(m.spaceUnderPager).toBeLessThanOrEqual(40);
    expect(m.pageScrolls).toBe(false);
    if (screen === 'billing') {
      // Every column in view, the reason under the verdict: nothing to scroll sideways for.
      expect(m.sideways).toBeLessThanOrEqual(0);
      await expect(
        table.getByText(/^(Sous-facturée|Surfacturée|Facturé au centime|Écart de|Aucun)/).first(),
      ).toBeInViewport();
    }
    await shoot(page, testInfo, `${screen}-${width}x${height}.png`);
  }
});

test('the mission list works at 390 px, and the menu drawer opens over it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page, 'completedMissions');
  const m = await measure(page);
  console.info(`390 px completedMissions: ${JSON.stringify(m)}`);
  testInfo.annotations.push({ type: '390px completedMissions', description: JSON.stringify(m) });
  expect(m.pageOverflow).toBeLessThanOrEqual(0);
  expect(m.actionsOutOfView).toBe(0);
  expect(m.medianRowHeight).toBeLessThanOrEqual(80);
  await shoot(page, testInfo, 'missions-completed-390.png');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first(),
  ).toBeInViewport();
  await shoot(page, testInfo, 'missions-completed-390-menu.png');
  expect((await measure(page)).pageOverflow).toBeLessThanOrEqual(0);
  // The account's buttons stay whole at the drawer's foot, on a tall phone and a short one; the menu's
  // list scrolls above them down to its last entry.
  const drawer = page.getByRole('navigation', { name: 'Menu principal' });
  for (const height of [844, 667]) {
    await page.setViewportSize({ width: 390, height });
    await expect(drawer.getByRole('button', { name: 'Déconnexion' })).toBeInViewport({ ratio: 1 });
    const last = drawer.getByRole('link', { name: /^Journal des synchronisations/ });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(drawer.getByRole('button', { name: 'Déconnexion' })).toBeInViewport({ ratio: 1 });
    const below = await drawer
      .getByRole('button', { name: 'Déconnexion' })
      .evaluate((button) => window.innerHeight - button.getBoundingClientRect().bottom);
    expect(below).toBeGreaterThanOrEqual(8);
  }
  await shoot(page, testInfo, 'missions-completed-390x667-menu.png');
});

test('while the next page loads, the rows are greyed and the pager is disabled', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openList(page, 'completedMissions');
  const table = page.getByRole('table', { name: 'Missions' });
  const first = await dataRows(table).first().textContent();
  // Hold the next page's answer until the loading state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/missions\?.*pageNumber=2/, async (route) => {
    await held;
    await route.continue();
  });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(table.locator('tbody[data-stale="true"]')).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toBeDisabled();
  release();
  await expect(table.locator('tbody[data-stale="true"]')).toHaveCount(0);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toBeEnabled();
  expect(await dataRows(table).first().textContent()).not.toBe(first);
});

test('mission details at 390 px: the PDF button keeps its distance from the first card, the aircraft drawn', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page, 'completedMissions');
  await dataRows(page.getByRole('table', { name: 'Missions' }))
    .first()
    .getByRole('link')
    .first()
    .click();
  const pdf = page.getByRole('button', { name: 'Télécharger le PDF' });
  const firstCard = page.getByRole('button', { name: /^Vol 1 :/ });
  await expect(firstCard).toBeVisible();
  const button = (await pdf.boundingBox())!;
  const card = (await firstCard.boundingBox())!;
  const gap = card.y - (button.y + button.height);
  console.info(`390 px details: ${gap} px between the PDF button and the first card`);
  expect(gap).toBeGreaterThanOrEqual(12);
  // The demo fleet has pictures: the card shows the aircraft, not the fallback icon.
  const picture = page.locator('img[src^="/images/acfts/"]').first();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shoot(page, testInfo, 'mission-details-390.png');
});
