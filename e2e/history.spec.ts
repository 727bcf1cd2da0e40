// A record's history in the browser (issue 25, decision 036): staff open it from mission details and from
// a statistics row, ADMIN from a user's row; the demo's entries read with who and when, Leon's among them;
// axe and the layout check with the panel open at 1440, 1280 and 390 px; opened and closed from the
// keyboard, the focus back on its button. HOSPITAL users have no button, and the API refuses them.
import type { Locator, Page } from '@playwright/test';
import { HISTORY_MESSAGES, HISTORY_PATHS, type HistoryEntry } from '../contract/history';
import type { Page as ListPage } from '../contract/http';
import { href } from '../contract/routes';
import { E2E } from './env';
import { expectLayoutOkAt, LAYOUT_SIZES } from './layout';
import { tableNamed } from './support/lists';
import { openApp } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, expectAccessible, test } from './support/test';

/** axe, then the layout check and a screenshot at each width, the panel open. */
async function checkOpenPanel(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await expectLayoutOkAt(page, LAYOUT_SIZES, name, (width) => `${name}-${width}`);
  await page.setViewportSize(LAYOUT_SIZES[0]);
}

/** Opens the panel from `opener` with the keyboard; answers the panel. */
async function openWithKeyboard(page: Page, opener: Locator): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /^Historique de / });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  return panel;
}

/** The ids of the missions on a list's first page, read with the browser's session (the app opened first). */
async function missionIds(page: Page, status: string): Promise<string[]> {
  await openApp(page);
  const answer = await page.request.get(`${E2E.baseURL}/api/missions?status=${status}&pageNumber=1`);
  return ((await answer.json()) as { data: ListPage<{ id: string }> }).data.rows.map((row) => row.id);
}

/**
 * A completed mission of the demo's start, whose history holds staff's edit of its organs: the syncs of a
 * long run (the menu's buttons in other specs) bring newer missions whose history is Leon's creation alone.
 */
async function demoMissionId(page: Page): Promise<string> {
  for (const id of await missionIds(page, 'completed')) {
    const answer = await page.request.get(`${E2E.baseURL}/api${HISTORY_PATHS.mission(id)}`);
    const { rows } = ((await answer.json()) as { data: ListPage<HistoryEntry> }).data;
    if (rows.some((entry) => entry.changes.some((change) => change.field === 'Organes'))) return id;
  }
  throw new Error('no completed mission with a staff edit on the first page');
}

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test("mission details: Leon's creation and updates, staff's edit, by whom and when", async ({ page }) => {
    await page.goto(href('missionDetails', { id: await demoMissionId(page) }));
    const opener = page.getByRole('button', { name: 'Historique', exact: true });
    const panel = await openWithKeyboard(page, opener);
    const entries = panel
      .getByRole('list', { name: "Modifications, les plus récentes d'abord" })
      .locator(':scope > li');
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    // Oldest last: Leon's creation; Leon took it to 'Réalisée'; staff filled the back-office fields.
    await expect(entries.last()).toContainText('Leon');
    await expect(entries.last()).toContainText('Création depuis Leon');
    const completed = entries
      .filter({ hasText: 'Mise à jour Leon' })
      .filter({ hasText: /Statut : En Cours\s*devient\s*Réalisée/ });
    await expect(completed).toHaveCount(1);
    await expect(completed).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(
      entries.filter({ hasText: /Julien Moreau|Claire Dubois/ }).filter({ hasText: 'Organes' }),
    ).toHaveCount(1);
    await checkOpenPanel(page, 'mission-history');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a statistics row: accounting's status change with the statuses' labels", async ({ page }) => {
    await page.goto(href('statistics'));
    const { rows } = tableNamed(page, 'Statistiques');
    // A row whose invoices accounting has moved on from 'A éditer' (the demo's first row may not have).
    const moved = rows.filter({ hasText: /Éditée|Facture transmise|Déposée Chorus|Payée/ }).first();
    const opener = moved.getByRole('button', { name: /^Historique de la statistique de la mission/ });
    const panel = await openWithKeyboard(page, opener);
    await expect(panel.getByText('Sophie Laurent').first()).toBeVisible();
    await expect(panel.getByText('Changement de statut')).toBeVisible();
    await expect(panel.getByText(/Statut facture (vol|aéroport)/).first()).toBeVisible();
    await checkOpenPanel(page, 'statistic-history');
    // 'Fermer' from the keyboard, the focus back on the row's button.
    await panel.getByRole('button', { name: 'Fermer' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("has no user's history: the API refuses it in French", async ({ page }) => {
    await openApp(page);
    const users = await page.request.get(
      `${E2E.baseURL}/api${HISTORY_PATHS.user('00000000-0000-4000-8000-000000000000')}`,
    );
    expect(users.status()).toBe(403);
    expect(await users.json()).toMatchObject({ message: HISTORY_MESSAGES.userRefused });
  });
});

test.describe('as ADMIN', () => {
  test.use(signedInAs('ADMIN'));

  test("a user's row: the account's creation, first password and phone", async ({ page }) => {
    await page.goto(href('users'));
    const { rows } = tableNamed(page, 'Utilisateurs');
    const row = rows.filter({ hasText: 'hopital@demo.test' });
    const opener = row.getByRole('button', { name: 'Historique de Marc Lefèvre' });
    const panel = await openWithKeyboard(page, opener);
    await expect(panel.getByRole('heading', { name: 'Historique de Marc Lefèvre' })).toBeVisible();
    const entries = panel
      .getByRole('list', { name: "Modifications, les plus récentes d'abord" })
      .locator(':scope > li');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('Claire Dubois');
    await expect(entries.nth(0)).toContainText(/Téléphone : -\s*devient/);
    await expect(entries.nth(1)).toContainText('Mot de passe changé');
    await expect(entries.nth(2)).toContainText('Création du compte');
    await expect(entries.nth(2)).toContainText('Rôle : -');
    await checkOpenPanel(page, 'user-history');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('sees no history, and the API refuses it in French', async ({ page }) => {
    const [id] = await missionIds(page, 'completed');
    await page.goto(href('missionDetails', { id }));
    await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Historique', exact: true })).toHaveCount(0);
    const answer = await page.request.get(`${E2E.baseURL}/api${HISTORY_PATHS.mission(id)}`);
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ message: HISTORY_MESSAGES.hospitalRefused });
    await page.goto(href('statistics'));
    await expect(tableNamed(page, 'Statistiques').rows.first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Historique/ })).toHaveCount(0);
  });
});
