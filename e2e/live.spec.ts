// The change feed on screen (issue 50): two OPERATION tabs side by side; what one changes appears in the
// other's list and details without a reload; trips Leon adds come, after a sync, as a banner on the first
// page of the other's list, which shows them when pressed.
import type { Page } from '@playwright/test';
import { href } from '../contract/routes';
import { E2E } from './env';
import { dataRows } from './support/lists';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

test.use(signedInAs('OPERATION'));

const missions = (page: Page) => page.getByRole('table', { name: 'Missions' });

test('an edit in one tab appears in the other without a reload; new missions come as a banner', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto(href('requestedMissions'));
  await expect(dataRows(missions(page)).first()).toBeVisible();
  // The other tab: the same account in a context of its own, editing through the API as its dialog does.
  const other = await browser.newContext({
    storageState: signedInAs('OPERATION').storageState,
    baseURL: E2E.baseURL,
  });
  try {
    const api = other.request;
    const listed = await api.get('/api/missions?status=requested&pageNumber=1&pageSize=20');
    expect(listed.ok()).toBe(true);
    const rows = ((await listed.json()) as { data: { rows: Array<Record<string, unknown>> } }).data.rows;
    // A shown row of the first page, with a cristal number no one else gives it.
    const row = rows[0];
    const shownNumber = (await dataRows(missions(page))
      .first()
      .getByRole('cell')
      .first()
      .textContent())!.trim();
    const target = rows.find((r) => String(r.tripNumber ?? 'N.D') === shownNumber) ?? row;
    const edited = await api.put('/api/missions/edit/', {
      headers: { origin: E2E.baseURL },
      data: {
        id: target.id,
        numberOfCristal: 77,
        astonStatus: typeof target.status === 'string' ? target.status : 'EN_ATTENTE',
        organType: 'REINS',
        aircraftType: 'JET',
        numberOfMeals: 2,
        isWithIcing: false,
        isWithOCS: false,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    // The first tab shows it in place, without being reloaded.
    const shownRow = missions(page).getByRole('row', {
      name: new RegExp(String(target.tripNumber ?? shownNumber)),
    });
    await expect(shownRow.getByRole('cell', { name: '77', exact: true })).toBeVisible();

    // Leon gets two new trips; the other tab's sync brings them; the first tab is told, not moved.
    for (let i = 0; i < 2; i++) {
      const std = new Date(Date.now() + (2 + i) * 3600_000).toISOString();
      const added = await api.post(`${E2E.simURL}/__sim/trips`, {
        data: {
          status: 'CONFIRMED',
          client: 'CHU de Toulouse – Hôpital Rangueil',
          legs: [{ from: 'LFBO', to: 'LFPG', std }],
        },
      });
      expect(added.ok()).toBe(true);
    }
    const sync = await api.put('/api/leon/synchronize-data', { headers: { origin: E2E.baseURL } });
    expect(sync.status(), await sync.text()).toBe(200);
    const banner = page.getByRole('status').filter({ hasText: 'nouvelles missions' });
    await expect(banner).toContainText('2 nouvelles missions');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: test.info().outputPath(`banner-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await banner.getByRole('button', { name: 'Afficher' }).click();
    await expect(banner.getByRole('button', { name: 'Afficher' })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
