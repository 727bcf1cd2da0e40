// Missions in the browser: lists with search, period, hospitals, quick filters and paging; a sync from
// the menu bringing trips just added to the Leon simulator; edit, delete, details, PDF; the HOSPITAL view,
// and a HOSPITAL user with two hospitals filtering by one of them (decision 024). Each test starts signed
// in (e2e/auth.setup.ts) on the requested missions, but the last, which signs in through the login screen.
import type { Page } from '@playwright/test';
import { MISSION_PATHS } from '../contract/missions';
import { href, type ScreenName } from '../contract/routes';
import { E2E } from './env';
import { tableNamed } from './support/lists';
import { at, menu } from './support/navigation';
import { signedInAs, signIn } from './support/session';
import { allowConsole, expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const list = (page: Page) => tableNamed(page, 'Missions');

/** Opens the dashboard, which is the requested missions, and waits for the first rows. */
async function openRequested(page: Page) {
  await page.goto(href('dashboard'));
  await expect(page).toHaveURL(at('requestedMissions'));
  await expect(list(page).rows.first()).toBeVisible();
}

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('a sync from the menu brings trips just added to Leon, and the lists page by 20', async ({
    page,
    request,
  }) => {
    await openRequested(page);
    const nav = menu(page);
    const before = await nav.getByRole('link', { name: /^Demandée/ }).textContent();
    // Twenty-five new confirmed trips in Leon for the Toulouse hospital.
    const added: string[] = [];
    for (let i = 0; i < 25; i++) {
      const std = new Date(Date.now() + (30 + i) * 3600_000).toISOString();
      const answer = await request.post(`${E2E.simURL}/__sim/trips`, {
        data: {
          status: 'CONFIRMED',
          client: 'CHU de Toulouse – Hôpital Rangueil',
          legs: [{ from: 'LFBO', to: 'LFPG', std }],
        },
      });
      expect(answer.ok()).toBe(true);
      added.push(((await answer.json()) as { tripNumber: string }).tripNumber);
    }
    const sync = nav.getByRole('button', { name: 'Chargement nouvelles missions' });
    const update = nav.getByRole('button', { name: 'Mise à jour informations' });
    // While one runs, both buttons wait.
    await page.route(`**/api${MISSION_PATHS.synchronize}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await sync.click();
    await expect(sync).toBeDisabled();
    await expect(update).toBeDisabled();
    await expect(page.getByText('Données synchronisées avec succès')).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Demandée/ })).not.toHaveText(before ?? '');
    await expect(sync).toBeEnabled();

    // The new trips are in the list; 20 per page with the navigator.
    await page.getByLabel('Rechercher').fill(added[0]);
    await expect(list(page).rows).toHaveCount(1);
    await expect(list(page).rows.first()).toContainText('Toulouse');
    await page.getByLabel('Rechercher').fill('');
    await expect(list(page).rows).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(list(page).rows.first()).toBeVisible();
  });

  test('quick filters, hospitals and period narrow the requested list', async ({ page }) => {
    await openRequested(page);
    await page.getByRole('button', { name: 'Programmée' }).click();
    await expect(page.getByRole('button', { name: 'Programmée' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list(page).rows.first()).toBeVisible();
    for (const status of await list(page).column('Statut')) expect(status).toBe('Programmée');
    await page.getByRole('button', { name: 'Toutes' }).click();

    await page.getByRole('button', { name: /Hôpitaux/ }).click();
    await page.getByRole('checkbox', { name: /Rangueil/ }).check();
    await page.keyboard.press('Escape');
    await expect(list(page).rows.first()).toBeVisible();
    await expect
      .poll(async () => new Set(await list(page).column('Hôpital')))
      .toEqual(new Set(['CHU de Toulouse – Hôpital Rangueil']));

    // A period long before any flight: nothing.
    const period = page.getByRole('group', { name: 'Période' });
    await period.getByRole('spinbutton', { name: /jour/i }).first().click();
    await page.keyboard.type('01012023');
    await period.getByRole('spinbutton', { name: /jour/i }).nth(1).click();
    await page.keyboard.type('02012023');
    await expect(page.getByText('Aucune mission trouvée')).toBeVisible();
    // The keyboard clears the period too.
    await period.getByRole('button', { name: 'Effacer la période' }).focus();
    await page.keyboard.press('Enter');
    await expect(list(page).rows.first()).toBeVisible();

    // Before 2023-01-01 is refused with the picker's message, which moves nothing, and filters nothing.
    const tableTop = async () => (await list(page).table.boundingBox())?.y;
    const top = await tableTop();
    await period.getByRole('spinbutton', { name: /jour/i }).first().click();
    await page.keyboard.type('01012020');
    await period.getByRole('spinbutton', { name: /jour/i }).nth(1).click();
    await page.keyboard.type('02012020');
    await expect(page.getByText('La date ne peut précéder le 01/01/2023')).toBeVisible();
    expect(await tableTop()).toBe(top);
    await expect(list(page).rows.first()).toBeVisible();
  });

  test('on a small screen the hospitals filter opens in a side panel', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openRequested(page);
    await expect(page.getByRole('button', { name: /^Hôpitaux :/ })).toBeHidden();
    await page.getByRole('button', { name: 'Filtres' }).click();
    const panel = page.getByRole('dialog', { name: 'Hôpitaux' });
    await panel.getByRole('checkbox', { name: /Rangueil/ }).check();
    await panel.getByRole('button', { name: 'Fermer' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtres (1)' })).toBeVisible();
    await expect
      .poll(async () => new Set(await list(page).column('Hôpital')))
      .toEqual(new Set(['CHU de Toulouse – Hôpital Rangueil']));
  });

  const LISTS: Array<[string, ScreenName, string[]]> = [
    ['En cours', 'inProgressMissions', ['En Cours']],
    ['Réalisée', 'completedMissions', ['Réalisée']],
    ['Annulée sans frais', 'cancelledMissions', ['Annulée +45’', 'Annulée -45’']],
    ['Clôturée', 'closedMissions', ['Clôturée', 'Annulée -45’']],
  ];

  test('every other list shows its own statuses and searches by mission number', async ({ page }) => {
    await openRequested(page);
    for (const [entry, screen, statuses] of LISTS) {
      await menu(page)
        .getByRole('link', { name: new RegExp(`^${entry}`) })
        .click();
      await expect(page).toHaveURL(at(screen));
      await expect(list(page).rows.first()).toBeVisible();
      for (const status of await list(page).column('Statut')) expect(statuses).toContain(status);
      const number = (await list(page).rows.first().getByRole('cell').first().textContent())!.trim();
      if (number !== 'N.D') {
        await page.getByLabel('Rechercher').fill(number);
        await expect(list(page).rows).toHaveCount(1);
        await page.getByLabel('Rechercher').fill('');
      }
    }
  });

  test('staff edit a mission with the form rules, then delete one after confirmation', async ({ page }) => {
    await openRequested(page);
    const first = list(page).rows.first();
    const number = (await first.getByRole('cell').first().textContent())!.trim();
    await first.getByRole('button', { name: /^Modifier la mission/ }).click();
    const dialog = page.getByRole('dialog', { name: /Modifier la mission/ });
    await dialog.getByLabel('Nombre de cristals').fill('1.5');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('le nombre de cristals doit être entier')).toBeVisible();
    await dialog.getByLabel('Nombre de cristals').fill('3');
    await dialog.getByRole('checkbox', { name: 'Cœur' }).check();
    await dialog.getByLabel("Type d'avion").selectOption('JET');
    await dialog.getByLabel('Plateaux repas').fill('2');
    await dialog.getByLabel('OCS').selectOption('false');
    await dialog.getByLabel('Dégivrage').selectOption('true');
    await expect(dialog.getByRole('group', { name: 'Aéroport de dégivrage' })).toBeVisible();
    await dialog.getByLabel('Dégivrage').selectOption('false');
    await expect(dialog.getByRole('group', { name: 'Aéroport de dégivrage' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    const edited = list(page).table.getByRole('row', { name: new RegExp(number) });
    await expect(await list(page).cell(edited, 'N° cristal')).toHaveText('3');
    // Demo missions may hold organs already: Cœur is among them now.
    await expect(await list(page).cell(edited, 'Organes')).toContainText('Cœur');

    const waiting = menu(page).getByRole('link', { name: /^Demandée/ });
    const countBefore = Number((await waiting.textContent())!.match(/\((\d+)\)/)![1]);
    await edited.getByRole('button', { name: /^Supprimer la mission/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette mission' });
    await expect(confirm).toContainText('Êtes-vous sûr(e) de vouloir supprimer cette mission ?');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(confirm).toBeHidden();
    await page.getByLabel('Rechercher').fill(number);
    await expect(page.getByText('Aucune mission trouvée')).toBeVisible();
    // The menu counts follow.
    await expect(waiting).toHaveText(new RegExp(`\\(${countBefore - 1}\\)`));
  });

  test('the details page shows each leg, falls back to the plane icon, and downloads the PDF', async ({
    page,
  }) => {
    await openRequested(page);
    // A slow answer shows the five skeletons first.
    await page.route(`**/api${MISSION_PATHS.details('**')}`, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await list(page)
      .rows.first()
      .getByRole('link', { name: /^Voir la mission/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Détails de la mission' })).toBeVisible();
    const leg = page.getByRole('button', { name: /^Vol 1 :/ });
    await expect(leg).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/heure de Paris/).first()).toBeVisible();
    // The demo aircraft have photos; one that has none answers 404 (the edge's rule, tested there), here
    // made so for every photo, and the plane icon takes its place.
    allowConsole(page, /status of 404/);
    await page.route('**/images/acfts/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await expect(leg).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('img', { name: 'Avion (photo indisponible)' })).toBeVisible();
    await leg.click();
    await expect(leg).toHaveAttribute('aria-expanded', 'false');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mission-details.pdf');
    const stream = await file.createReadStream();
    const head = await new Promise<string>((resolve) =>
      stream.once('data', (chunk) => resolve(chunk.toString('latin1', 0, 5))),
    );
    expect(head).toBe('%PDF-');

    // When the PDF cannot be made, the user is told so (the browser logs the failed answer).
    allowConsole(page, /status of 500/);
    await page.route(`**/api${MISSION_PATHS.pdf('**')}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Erreur' } }),
    );
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await expect(page.getByText('Erreur lors de la génération du PDF')).toBeVisible();
  });

  test('the missions list has no serious accessibility violation', async ({ page }) => {
    await openRequested(page);
    await expectAccessible(page);
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test("a HOSPITAL user sees only its hospital's missions, without counts, sync, edit or delete", async ({
    page,
  }) => {
    await openRequested(page);
    const nav = menu(page);
    await expect(nav.getByRole('link', { name: 'Demandée', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Chargement nouvelles missions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Hôpitaux/ })).toHaveCount(0);
    await expect
      .poll(async () => new Set(await list(page).column('Hôpital')))
      .toEqual(new Set(['CHU de Bordeaux – Hôpital Pellegrin']));
    await expect(list(page).table.getByRole('button', { name: /^Modifier la mission/ })).toHaveCount(0);
    await expect(list(page).table.getByRole('button', { name: /^Supprimer la mission/ })).toHaveCount(0);
    await page.goto(href('cancelledMissions'));
    await expect(page).toHaveURL(at('requestedMissions'));
  });
});

test.describe('as a HOSPITAL user with two hospitals', () => {
  /** hopitaux@demo.test's hospitals (api/db/seed.ts). */
  const OWN = ['AP-HM Hôpital de la Timone', 'AP-HP Hôpital Européen Georges-Pompidou'];

  test('filters the missions and the statistics by one of its own hospitals, and only those', async ({
    page,
  }) => {
    await signIn(page, 'hopitaux@demo.test');
    await expect(page).toHaveURL(at('requestedMissions'));
    await expect(list(page).rows.first()).toBeVisible();
    for (const hospital of await list(page).column('Hôpital')) expect(OWN).toContain(hospital);

    await page.getByRole('button', { name: 'Hôpitaux : Tous' }).click();
    const options = page.getByRole('dialog', { name: 'Hôpitaux' }).getByRole('checkbox');
    await expect(options).toHaveCount(2);
    expect(
      await options.evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent)),
    ).toEqual(OWN);
    await page.getByRole('checkbox', { name: OWN[0] }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Hôpitaux : 1 sélectionné' })).toBeVisible();
    await expect.poll(async () => new Set(await list(page).column('Hôpital'))).toEqual(new Set([OWN[0]]));

    await menu(page)
      .getByRole('link', { name: /^Statistiques/ })
      .click();
    await expect(page).toHaveURL(at('statistics'));
    await page.getByRole('button', { name: 'Hôpitaux : Tous' }).click();
    const own = page.getByRole('dialog', { name: 'Hôpitaux' }).getByRole('checkbox');
    await expect(own).toHaveCount(2);
    await expect(own.first()).toHaveAccessibleName(OWN[0]);
    await expect(own.last()).toHaveAccessibleName(OWN[1]);
  });
});
