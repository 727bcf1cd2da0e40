// Incidents in the browser: a safety report added to the Leon simulator comes with a sync from the menu
// (the menu's open count grows), staff find it in the list, open its follow-up, propose an action (blank
// refused) and validate it; attachments open in a new tab; HOSPITAL reads its own hospital's only, without
// the buttons. Axe runs on the list, the follow-up and with the dialog open.
import type { Page } from '@playwright/test';
import { href } from '../contract/routes';
import { E2E } from './env';
import { tableNamed } from './support/lists';
import { at, menu } from './support/navigation';
import { signedInAs } from './support/session';
import { allowConsole, expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const HOSPITAL = 'CHU de Bordeaux – Hôpital Pellegrin';
const OTHER = 'AP-HM Hôpital de la Timone';
const list = (page: Page) => tableNamed(page, 'Incidents');
const title = `Fuite hydraulique ${Date.now()}`;
let tripNumber = '';
let otherTrip = '';

async function flownTrip(request: import('@playwright/test').APIRequestContext, client: string) {
  const std = new Date(Date.now() - 30 * 3600_000).toISOString();
  const sta = new Date(Date.now() - 29 * 3600_000).toISOString();
  const answer = await request.post(`${E2E.simURL}/__sim/trips`, {
    data: {
      status: 'CONFIRMED',
      client,
      legs: [{ from: 'LFBD', to: 'LFPG', std, sta, blockOff: std, blockOn: sta }],
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { tripNumber: string }).tripNumber;
}

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('a report added to Leon comes with a sync; staff propose and validate an action', async ({
    page,
    request,
  }) => {
    tripNumber = await flownTrip(request, HOSPITAL);
    otherTrip = await flownTrip(request, OTHER);
    for (const [trip, name] of [
      [tripNumber, title],
      [otherTrip, `Autre hôpital ${Date.now()}`],
    ])
      expect(
        (
          await request.post(`${E2E.simURL}/__sim/safety-reports`, {
            data: {
              tripNumber: trip,
              reportDateUTC: new Date(Date.now() - 3600_000).toISOString(),
              category: 'Maintenance',
              title: name,
              description: 'Fuite constatée au parking après le vol.',
              presumedCauses: 'Joint de vérin usé.',
              attachments: [{ fileName: 'Constat mécanicien.pdf' }, { fileName: 'photo.png', kind: 'png' }],
            },
          })
        ).ok(),
      ).toBe(true);

    await page.goto(href('incidents'));
    await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
    const nav = menu(page);
    const entry = nav.getByRole('link', { name: /^Incidents/ });
    await expect(entry).toHaveText(/\(\d+\)/);
    const before = Number(/\((\d+)\)/.exec((await entry.textContent()) ?? '')?.[1]);
    await nav.getByRole('button', { name: 'Chargement nouvelles missions' }).click();
    await expect(page.getByText('Données synchronisées avec succès')).toBeVisible();
    await expect(entry).toHaveText(`Incidents(${before + 2})`);
    await expectAccessible(page);

    // The list: newest first, found by mission number.
    await expect(list(page).rows.first()).toContainText(/Fuite hydraulique|Autre hôpital/);
    await page.getByLabel('Rechercher').fill(tripNumber);
    await expect(list(page).rows).toHaveCount(1);
    expect(await list(page).column('Statut')).toEqual(['Ouvert']);
    expect(await list(page).column('Hôpital')).toEqual([HOSPITAL]);
    await list(page).table.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/incident-details\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: "SUIVI DE L'INCIDENT" })).toBeVisible();

    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Fuite constatée au parking après le vol.');
    await expect(card).toContainText('Joint de vérin usé.');
    await expect(card).toContainText(tripNumber);
    const file = card.getByRole('link', { name: 'Constat mécanicien.pdf' });
    await expect(file).toHaveAttribute('target', '_blank');
    const pdf = await request.get((await file.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const validate = card.getByRole('button', { name: "VALIDER L'ACTION" });
    await expect(validate).toBeDisabled();
    await expectAccessible(page);

    // Propose: blank refused, then an action with markup shown as text.
    await card.getByRole('button', { name: 'PROPOSER UNE ACTION' }).click();
    const dialog = page.getByRole('dialog', { name: 'PROPOSER UNE ACTION' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    const text = dialog.getByLabel('Action proposée');
    await text.fill('   ');
    await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(dialog.getByText('Obligatoire')).toBeVisible();
    await expectAccessible(page);
    const action = '<b>Remplacer</b> le joint et contrôler le vérin';
    await text.fill(`  ${action}  `);
    await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Action enregistrée')).toBeVisible();
    await expect(card.getByTestId('incident-response')).toHaveText(action);
    await expect(card.locator('b')).toHaveCount(0);

    // Validate: closed, greyed, the menu count goes down.
    await expect(validate).toBeEnabled();
    await validate.click();
    await expect(page.getByText('Action validée')).toBeVisible();
    await expect(card.getByText('Clôturé')).toBeVisible();
    await expect(validate).toBeDisabled();
    await expect(entry).toHaveText(`Incidents(${before + 1})`);
    await expectAccessible(page);
  });
});

test.describe('layout', () => {
  test.use(signedInAs('OPERATION'));

  test('fits 1280 and 1440 px without cut columns, works at 390 px, with no console error', async ({
    page,
  }) => {
    for (const width of [1280, 1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(href('incidents'));
      await expect(list(page).rows.first()).toBeVisible();
      const frame = page.getByRole('region', { name: 'Tableau Incidents' });
      const [scroll, client] = await frame.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      // Wide screens show every column whole; on a phone the table scrolls inside its frame, the page not.
      if (width >= 1280) expect(scroll, `table at ${width}px`).toBeLessThanOrEqual(client);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await list(page).table.getByRole('link').first().click();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('reads its own hospital’s incidents only, without the buttons', async ({ page }) => {
    await page.goto(href('incidents'));
    await expect(list(page).rows.first()).toBeVisible();
    expect(new Set(await list(page).column('Hôpital'))).toEqual(new Set([HOSPITAL]));
    await expect(menu(page).getByRole('link', { name: 'Incidents', exact: true })).toBeVisible();
    await page.getByLabel('Rechercher').fill(otherTrip);
    await expect(page.getByText('Aucun incident trouvé')).toBeVisible();
    await page.getByLabel('Rechercher').fill(tripNumber);
    await list(page).table.getByRole('link', { name: title }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Clôturé')).toBeVisible();
    await expect(card.getByTestId('incident-response')).toHaveText(
      '<b>Remplacer</b> le joint et contrôler le vérin',
    );
    await expect(page.getByRole('button', { name: 'PROPOSER UNE ACTION' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: "VALIDER L'ACTION" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('gets nothing for another hospital’s mission', async ({ page, request }) => {
    allowConsole(page, /status of 404/); // the refusal the test asks for
    // The other hospital's mission id, as staff would reach it.
    const login = await request.post(`${E2E.baseURL}/api/auth/login`, {
      data: { email: 'admin@demo.test', password: E2E.password },
      headers: { origin: E2E.baseURL },
    });
    expect(login.ok()).toBe(true);
    const list = await request.get(`${E2E.baseURL}/api/incidents?search=${otherTrip}`);
    const [row] = ((await list.json()) as { data: { rows: Array<{ missionId: string }> } }).data.rows;
    await page.goto(href('incidentDetails', { id: row.missionId }));
    await expect(page.getByRole('alert').filter({ hasText: 'Incident introuvable' })).toBeVisible();
    await expect(page).toHaveURL(at('incidentDetails', { id: row.missionId }));
  });
});
