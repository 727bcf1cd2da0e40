// The change feed on screen (issue 50): two OPERATION tabs side by side; what one changes appears in the
// other's list and details without a reload; trips Leon adds come, after a sync, as a banner on the first
// page of the other's list, which shows them when pressed; a dialog open on a mission that changes says so
// before its save, which is refused; a HOSPITAL user's stream carries nothing of another hospital; the
// stream comes back after the API restarts, with what was written while it was away; a first load of
// Leon's history shows its progress to staff, and its missions come as the banner.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { AUTH_PATHS } from '../contract/auth';
import { MISSION_MESSAGES, MISSION_PATHS } from '../contract/missions';
import { href } from '../contract/routes';
import { ACCOUNTS, E2E } from './env';
import { dataRows } from './support/lists';
import { startOwnStack, WITH_LEON } from './support/own-stack';
import { signedInAs, signIn } from './support/session';
import { allowConsole, expect, test } from './support/test';

test.use(signedInAs('OPERATION'));

const missions = (page: Page) => page.getByRole('table', { name: 'Missions' });

/** The layout's status while the stream is down (web/live/live-feed.tsx). */
const LIVE_TEXT_LOST = 'Connexion perdue — reconnexion…';

/** Another tab of the OPERATION account, in a context of its own: a colleague on the same screen. */
const operationTab = (browser: Browser) =>
  browser.newContext({ storageState: signedInAs('OPERATION').storageState, baseURL: E2E.baseURL });

type Row = Record<string, unknown> & { id: string };

/** The requested missions' first page, as a caller of the API reads it. */
async function requested(api: APIRequestContext): Promise<Row[]> {
  const listed = await api.get('/api/missions?status=requested&pageNumber=1&pageSize=20');
  expect(listed.ok()).toBe(true);
  return ((await listed.json()) as { data: { rows: Row[] } }).data.rows;
}

/** Saves a mission as its edit dialog does, with the cristal number given. */
async function editMission(
  api: APIRequestContext,
  mission: Row,
  numberOfCristal: number,
  origin = E2E.baseURL,
) {
  const edited = await api.put(`/api${MISSION_PATHS.edit}`, {
    headers: { origin },
    data: {
      id: mission.id,
      numberOfCristal,
      astonStatus: typeof mission.status === 'string' ? mission.status : 'EN_ATTENTE',
      organType: 'REINS',
      aircraftType: 'JET',
      numberOfMeals: 2,
      isWithIcing: false,
      isWithOCS: false,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
}

async function shot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // The menu slides away when the window narrows: drawn once it has.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an edit in one tab appears in the other without a reload; new missions come as a banner', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto(href('requestedMissions'));
  await expect(dataRows(missions(page)).first()).toBeVisible();
  // The other tab: the same account in a context of its own, editing through the API as its dialog does.
  const other = await operationTab(browser);
  try {
    const api = other.request;
    const rows = await requested(api);
    // A shown row of the first page, with a cristal number no one else gives it.
    const shownNumber = (await dataRows(missions(page))
      .first()
      .getByRole('cell')
      .first()
      .textContent())!.trim();
    const target = rows.find((r) => String(r.tripNumber ?? 'N.D') === shownNumber) ?? rows[0];
    await editMission(api, target, 77);
    // The first tab shows it in place, without being reloaded.
    const shownRow = missions(page).getByRole('row', {
      name: new RegExp(String(target.tripNumber ?? shownNumber)),
    });
    await expect(shownRow.getByRole('cell', { name: '77', exact: true })).toBeVisible();
    // Its details, open in the first tab, follow the next edit in place.
    await page.goto(href('missionDetails', { id: String(target.id) }));
    const cristal = page.locator('dt:text-is("N° cristal") + dd').first();
    await expect(cristal).toHaveText('77');
    await editMission(api, target, 78);
    await expect(cristal).toHaveText('78');
    await page.goto(href('requestedMissions'));
    await expect(dataRows(missions(page)).first()).toBeVisible();

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

test('a dialog open on a mission changed elsewhere says so at once; its save is refused and said', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto(href('requestedMissions'));
  const first = dataRows(missions(page)).first();
  await expect(first).toBeVisible();
  const shownNumber = (await first.getByRole('cell').first().textContent())!.trim();
  await first.getByRole('button', { name: /^Modifier la mission/ }).click();
  const dialog = page.getByRole('dialog', { name: /Modifier la mission/ });
  await expect(dialog.getByLabel('Nombre de cristals')).toBeVisible();
  const other = await operationTab(browser);
  try {
    const target = (await requested(other.request)).find(
      (r) => String(r.tripNumber ?? 'N.D') === shownNumber,
    );
    expect(target, `mission ${shownNumber} in the API's first page`).toBeDefined();
    await editMission(other.request, target!, 5);
  } finally {
    await other.close();
  }
  // Said before the user saves, in the dialog, to screen readers too.
  await expect(dialog.getByRole('alert')).toHaveText(MISSION_MESSAGES.changedElsewhere);
  await shot(page, 'conflict-notice');
  await dialog.getByLabel('Nombre de cristals').fill('9');
  await dialog.getByRole('checkbox', { name: 'Cœur' }).check();
  await dialog.getByLabel("Type d'avion").selectOption('JET');
  await dialog.getByLabel('Plateaux repas').fill('2');
  await dialog.getByLabel('OCS').selectOption('false');
  await dialog.getByLabel('Dégivrage').selectOption('false');
  // The browser logs the refused save's status: it is this test's point.
  allowConsole(page, /status of 409/);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  // Refused (409) with what changed; the dialog stays open with the user's input.
  await expect(dialog.getByText(/^Cette mission a été modifiée entre-temps/)).toBeVisible();
  await expect(dialog.getByLabel('Nombre de cristals')).toHaveValue('9');
  await shot(page, 'conflict-refused');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  // The other tab's save is what the list shows.
  const row = missions(page).getByRole('row', { name: new RegExp(shownNumber) });
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test("the stream carries the user's hospital's missions, nothing of another hospital's, not even its id", async ({
    page,
    browser,
  }) => {
    await page.goto(href('requestedMissions'));
    await expect(dataRows(missions(page)).first()).toBeVisible();
    const staff = await operationTab(browser);
    try {
      // One mission this user may read, one it may not (its details answer 404 to it).
      let own: Row | undefined;
      let foreign: Row | undefined;
      for (const row of await requested(staff.request)) {
        const seen = await page.request.get(`/api${MISSION_PATHS.details(row.id)}`);
        if (seen.ok()) own ??= row;
        else foreign ??= row;
      }
      expect(own && foreign, 'a mission of each kind among the requested ones').toBeTruthy();
      // The user's own stream, opened in the page with its cookie, read until 'ready' (it is listening);
      // then the other hospital's change and its own are made, and it is read until its own comes.
      const opened = await page.evaluate(async () => {
        const response = await fetch('/api/events', { headers: { accept: 'text/event-stream' } });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        const holder = window as unknown as { liveReader: typeof reader; liveText: string };
        holder.liveReader = reader;
        holder.liveText = '';
        while (!holder.liveText.includes('event: ready')) {
          const { value, done } = await reader.read();
          if (done) break;
          holder.liveText += value;
        }
        return holder.liveText;
      });
      expect(opened).toContain('event: ready');
      await editMission(staff.request, foreign!, 6);
      await editMission(staff.request, own!, 6);
      const received = page.evaluate(async (ownId) => {
        const holder = window as unknown as {
          liveReader: ReadableStreamDefaultReader<string>;
          liveText: string;
        };
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline && !holder.liveText.includes(`"id":"${ownId}"`)) {
          const { value, done } = await holder.liveReader.read();
          if (done) break;
          holder.liveText += value;
        }
        await holder.liveReader.cancel();
        return holder.liveText;
      }, own!.id);
      const text = await received;
      expect(text).toContain(`"id":"${own!.id}"`);
      expect(text).not.toContain(foreign!.id);
    } finally {
      await staff.close();
    }
  });
});

test('after the API restarts, the stream comes back with what was written while it was away', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const stack = await startOwnStack();
  const context = await browser.newContext({ baseURL: stack.url });
  const writer = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.OPERATION);
    await expect(dataRows(missions(page)).first()).toBeVisible();
    const shownNumber = (await dataRows(missions(page))
      .first()
      .getByRole('cell')
      .first()
      .textContent())!.trim();
    const signedIn = await writer.request.post(`/api${AUTH_PATHS.login}`, {
      headers: { origin: stack.url },
      data: { email: ACCOUNTS.OPERATION, password: E2E.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const target = (await requested(writer.request)).find(
      (r) => String(r.tripNumber ?? 'N.D') === shownNumber,
    );
    expect(target, `mission ${shownNumber} in the API's first page`).toBeDefined();

    // The API goes away: after a few seconds the page says it is reconnecting.
    await stack.stopApi();
    const status = page.getByRole('status').filter({ hasText: LIVE_TEXT_LOST });
    await expect(status).toBeVisible({ timeout: 20_000 });
    await shot(page, 'reconnecting');
    // It comes back; the page is kept from reconnecting until a change has been written meanwhile.
    await page.route('**/api/events*', (route) => route.abort());
    await stack.startApi();
    const again = await writer.request.post(`/api${AUTH_PATHS.login}`, {
      headers: { origin: stack.url },
      data: { email: ACCOUNTS.OPERATION, password: E2E.password },
    });
    expect(again.status()).toBe(200);
    await editMission(writer.request, target!, 88, stack.url);
    await page.unroute('**/api/events*');
    // Reconnected from the last event it had: the change written while it was away shows, no reload.
    const row = missions(page).getByRole('row', { name: new RegExp(shownNumber) });
    await expect(row.getByRole('cell', { name: '88', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(status).toBeHidden();
  } finally {
    await context.close();
    await writer.close();
    await stack.close();
  }
});

test("a first load's progress shows to staff while it runs; its missions then come as the banner", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  // An API without Leon first (no mission), then with it and without the demo's own sync: the first load
  // is the one a colleague starts, on a Leon slowed down so that it lasts a few seconds.
  const stack = await startOwnStack({});
  const context = await browser.newContext({ baseURL: stack.url });
  const colleague = await browser.newContext({ baseURL: stack.url });
  try {
    await stack.stopApi();
    await stack.startApi({ ...WITH_LEON, SEED_DEMO: 'false' });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.OPERATION);
    await expect(page.getByText(MISSION_MESSAGES.empty)).toBeVisible();
    const signedIn = await colleague.request.post(`/api${AUTH_PATHS.login}`, {
      headers: { origin: stack.url },
      data: { email: ACCOUNTS.ADMIN, password: E2E.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const slow = await colleague.request.post(`${E2E.simURL}/__sim/latency`, { data: { ms: 700 } });
    expect(slow.ok()).toBe(true);
    const sync = colleague.request.put(`/api${MISSION_PATHS.synchronize}`, {
      headers: { origin: stack.url },
      timeout: 120_000,
    });
    const progress = page
      .getByRole('status')
      .filter({ hasText: /^Synchronisation : \d+\/\d+ périodes lues/ });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await shot(page, 'sync-progress');
    const done = await sync;
    expect(done.status(), await done.text()).toBe(200);
    // Gone when the run ends; the list, which was empty, is told of the missions the run brought.
    await expect(progress).toBeHidden();
    const banner = page.getByRole('status').filter({ hasText: /\d+ nouvelles missions/ });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Afficher' }).click();
    await expect(dataRows(missions(page)).first()).toBeVisible();
  } finally {
    await fetch(`${E2E.simURL}/__sim/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 0 }),
    });
    await context.close();
    await colleague.close();
    await stack.close();
  }
});
