// Pilots and fleet in the browser (issue 25): a trip flown with a known crew and aircraft comes with a
// sync; staff open 'Pilotes' and 'Flotte' from the menu, search, change the period (the last 12 months at
// first), open a row's missions and go on to a mission's details; the keyboard opens and closes the
// dialog; a reversed or too long period is said under the field, the list kept; HOSPITAL has no menu
// entry and is sent away from the URLs. Axe on each screen and dialog. 'Pilotes' lists the flight crew, not
// the cabin crew; an aircraft's missions each show their flight-time cost, which add up to its row's to the
// cent, laid out at 1440, 1280 and 390 px (issue 54).
import type { APIRequestContext, Page } from '@playwright/test';
import { crewOnLeg } from '../api/leon/simulator/data';
import { href } from '../contract/routes';
import { E2E } from './env';
import { expectLayoutOkAt, LAYOUT_SIZES, shoot, tableView } from './layout';
import { tableNamed, typePeriod } from './support/lists';
import { at, expectRedirects, menu } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

// Of the simulator's roster: Claire Dubois, captain, Camille Roux, first officer, and Élodie Perrin, cabin
// crew.
const CLAIRE = crewOnLeg(7002);
const CAMILLE = crewOnLeg(7012);
const ELODIE = crewOnLeg(7021);
let tripNumber = '';

async function flownTrip(request: APIRequestContext) {
  const std = new Date(Date.now() - 2 * 3600_000).toISOString();
  const sta = new Date(Date.now() - 3600_000).toISOString();
  const answer = await request.post(`${E2E.simURL}/__sim/trips`, {
    data: {
      status: 'CONFIRMED',
      client: 'CHU de Bordeaux – Hôpital Pellegrin',
      legs: [
        {
          from: 'LFBD',
          to: 'LFML',
          std,
          sta,
          blockOff: std,
          blockOn: sta,
          registration: 'F-HBMV',
          crew: [CLAIRE, CAMILLE, ELODIE],
        },
      ],
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { tripNumber: string }).tripNumber;
}

/** An amount as the screens write it ('5 450,50 €'), in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

/** Every column of `table` holds a value other than '-' on some row (the demo data fills them all). */
async function everyColumnFilled(page: Page, name: string) {
  const table = tableNamed(page, name);
  const headers = (await table.table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  for (const header of headers.filter((h) => h !== 'Actions'))
    expect(
      (await table.column(header)).some((text) => text !== '' && text !== '-'),
      header,
    ).toBe(true);
}

test.describe('as OPERATION', () => {
  test.use({ ...signedInAs('OPERATION'), viewport: { width: 1440, height: 900 } });

  test('Pilotes: every column filled, search by name, period, a pilot’s missions', async ({
    page,
    request,
  }) => {
    tripNumber = await flownTrip(request);
    await page.goto(href('requestedMissions'));
    await menu(page).getByRole('button', { name: 'Chargement nouvelles missions' }).click();
    await expect(page.getByText('Données synchronisées avec succès')).toBeVisible();

    await menu(page).getByRole('link', { name: 'Pilotes' }).click();
    await expect(page).toHaveURL(at('pilots'));
    const list = tableNamed(page, 'Pilotes');
    await expect(list.rows.first()).toBeVisible();
    await everyColumnFilled(page, 'Pilotes');
    await expectAccessible(page);
    await shoot(page, test.info(), 'pilotes 1440');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, test.info(), 'pilotes 1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The flight crew only: no cabin crew, not even the one on the trip just flown.
    for (const positions of await list.column('Fonction'))
      expect(
        positions.split(', ').every((p) => ['Commandant de bord', 'Copilote'].includes(p)),
        positions,
      ).toBe(true);
    await page.getByLabel('Rechercher').fill('Perrin');
    await expect(page.getByText('Aucun pilote trouvé')).toBeVisible();

    await page.getByLabel('Rechercher').fill('DUBOIS');
    await expect(list.rows).toHaveCount(1);
    expect(await list.column('Nom')).toEqual(['Claire Dubois']);
    expect(await list.column('Fonction')).toEqual(['Commandant de bord']);
    expect(await list.column('Téléphone')).toEqual(['+33 6 23 57 81 04']);

    // A pilot's missions: the trip just flown is the first, and opens its details.
    await page.getByRole('button', { name: 'Voir les missions de Claire Dubois' }).click();
    const dialog = page.getByRole('dialog', { name: 'Missions de Claire Dubois' });
    await expect(dialog).toBeVisible();
    const missions = tableNamed(page, 'Missions de Claire Dubois');
    const mine = missions.rows.filter({ hasText: tripNumber });
    await expect(mine).toHaveCount(1);
    await expect(await missions.cell(mine, 'Trajet')).toHaveText('LFBD → LFML');
    await expect(await missions.cell(mine, 'Heures bloc')).toHaveText('1 h 00');
    await expectAccessible(page);
    await shoot(page, test.info(), 'pilotes dialog 1440');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A period long before any flight: nobody.
    await typePeriod(page, '01012023', '02012023');
    await expect(page.getByText('Aucun pilote trouvé')).toBeVisible();
    // Cleared: the API's default, the last 12 months.
    await page.getByRole('button', { name: 'Effacer la période' }).click();
    await expect(list.rows).toHaveCount(1);

    await page.getByRole('button', { name: 'Voir les missions de Claire Dubois' }).click();
    await missions.table.getByRole('link', { name: tripNumber }).click();
    await expect(page).toHaveURL(/\/mission-details\/[0-9a-f-]{36}$/);
  });

  test('Pilotes at 390 px: the table scrolls in its frame, the dialog fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(href('pilots'));
    await expect(tableNamed(page, 'Pilotes').rows.first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, test.info(), 'pilotes 390');
    await page
      .getByRole('button', { name: /^Voir les missions de / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, test.info(), 'pilotes dialog 390');
  });

  test('Flotte: every column filled, search by registration, period, an aircraft’s missions', async ({
    page,
  }) => {
    await page.goto(href('requestedMissions'));
    await menu(page).getByRole('link', { name: 'Flotte' }).click();
    await expect(page).toHaveURL(at('aircraftFleet'));
    const list = tableNamed(page, 'Flotte');
    await expect(list.rows.first()).toBeVisible();
    await everyColumnFilled(page, 'Flotte');
    await expect(list.table.getByRole('img', { name: 'Avion F-HBMV' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, test.info(), 'flotte 1440');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, test.info(), 'flotte 1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Rechercher').fill('hbmv');
    await expect(list.rows).toHaveCount(1);
    expect(await list.column('Immatriculation')).toEqual(['F-HBMV']);
    expect(await list.column('Type')).toEqual(['JET']);
    expect((await list.column('Coût du temps de vol'))[0]).toMatch(/€/);

    // The keyboard opens the aircraft's missions and closes them.
    await page.getByRole('button', { name: 'Voir les missions de F-HBMV' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Missions de F-HBMV' });
    await expect(dialog).toBeVisible();
    const missions = tableNamed(page, 'Missions de F-HBMV');
    await expect(missions.rows.first()).toBeVisible();
    expect(await missions.column('N° de mission')).toContain(tripNumber);
    await expectAccessible(page);
    // Each mission's cost, page by page, adds up to the aircraft's to the cent; those without one say so,
    // as many as the aircraft's row counts.
    const pager = dialog.getByRole('navigation', { name: 'Pagination' });
    const costs: string[] = [];
    for (;;) {
      await expect(missions.table).toHaveAttribute('aria-busy', 'false');
      costs.push(...(await missions.column('Coût du temps de vol')));
      const next = pager.getByRole('button', { name: 'Page suivante' });
      if (!(await pager.count()) || (await next.isDisabled())) break;
      const first = await missions.rows.first().textContent();
      await next.click();
      await expect(missions.rows.first()).not.toHaveText(first ?? '');
    }
    const [rowCost] = await list.column('Coût du temps de vol');
    const withoutCost = Number(rowCost.match(/(\d+) missions? sans coût/)?.[1] ?? 0);
    const amounts = costs.filter((cost) => /€$/.test(cost));
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.reduce((sum, cost) => sum + cents(cost), 0)).toBe(cents(rowCost.split('€')[0]));
    expect(costs.filter((cost) => cost.startsWith('Sans coût'))).toHaveLength(withoutCost);
    if (await pager.count()) await pager.getByRole('button', { name: 'Page 1' }).click();
    await expectLayoutOkAt(page, LAYOUT_SIZES, 'an aircraft’s missions', (width) => `flotte dialog ${width}`);
    // On a computer the cost is in view with every other column, on each row.
    for (const size of LAYOUT_SIZES.slice(0, 2)) {
      await page.setViewportSize(size);
      const view = await tableView(missions.table);
      expect(view.hiddenHeaders, `${size.width} px`).toEqual([]);
      expect(view.hiddenLastRow, `${size.width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();

    await typePeriod(page, '01012023', '02012023');
    await expect(page.getByText('Aucun avion trouvé')).toBeVisible();

    // A reversed period, then one longer than 36 months: the field says what is wrong, and the list stays
    // on the last right period instead of going back to the last 12 months.
    await typePeriod(page, '01032026', '01022026');
    await expect(page.getByText('La date de début doit précéder la date de fin')).toBeVisible();
    await expect(page.getByText('Aucun avion trouvé')).toBeVisible();
    await shoot(page, test.info(), 'flotte période inversée 1440');
    await typePeriod(page, '01012023', '01122026');
    await expect(page.getByText('La période ne peut dépasser 36 mois.')).toBeVisible();
    await expect(page.getByText('Aucun avion trouvé')).toBeVisible();
    await expect(list.rows.filter({ hasText: 'F-HBMV' })).toHaveCount(0);
  });

  test('PRC says what it will hold, and has no menu entry', async ({ page }) => {
    await page.goto(href('prc'));
    await expect(page.getByRole('heading', { name: 'PRC' })).toBeVisible();
    await expect(page.getByText(/Son contenu sera défini lorsque l'opérateur l'aura décrit/)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'PRC' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('no Pilotes nor Flotte entry, and their URLs lead elsewhere', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await expect(menu(page).getByRole('link', { name: 'Statistiques' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Pilotes' })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: 'Flotte' })).toHaveCount(0);
    await expectRedirects(page, ['pilots', 'aircraftFleet', 'prc'], 'requestedMissions');
  });
});
