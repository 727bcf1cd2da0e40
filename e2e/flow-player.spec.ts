// The flow player (/__flows, web/flow-player) in Chromium, on the stack of `npm run dev` (e2e/dev-stack.ts):
// - every machine of machines/ is listed, with the paths the player computes; the longest path of each is
//   played to its end with Suivant on the machine's real screen, the state shown at every step being the
//   one the path expects (computed here from the same definition and samples as the player:
//   web/flow-player/engine.ts and samples.ts); Précédent, Recommencer, the keyboard, and, for the machines
//   of SHARED_URL_MACHINES, the shareable URL opened in another tab;
// - a recording: the app driven for real (sign-in, a list, a search), the live actors' events downloaded
//   as JSON, loaded in the player, and each recorded actor replayed step by step on the real screens, the
//   state shown at every step being the one the live actor reached;
// - `?inspect`: the Stately inspector opens beside the app and receives the live actors' events.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { type FlowPath, pathsOf, recordedRuns } from '../web/flow-player/engine';
import { PATH_OPTIONS } from '../web/flow-player/samples';
import type { RecordedEvent } from '../web/lib/live-actors';
import { DEV_STACK_EXPECT, devURL, useDevStack } from './dev-stack';
import { repositoryMachines } from './machines';
import { menu } from './support/navigation';
import { expect as expectNow, test } from './support/test';

const expect = expectNow.configure(DEV_STACK_EXPECT);

useDevStack();

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * The machines whose shareable URL (last step of the longest path) is opened in another tab. Restoring a
 * step from the URL is one code path of the player for every machine (use-flow-params.ts, then the replay
 * of the steps before it, as Suivant plays them here for every machine), and a fresh tab of the Vite dev
 * server costs 4 to 17 s (56 s for the seven machines, measured on Preact on a quiet machine). Kept for
 * the two longest paths, whose screens are dialogs: the PDF upload's replay at opening is the one a CI run
 * once saw late (still 'saving' after 10 s).
 */
const SHARED_URL_MACHINES = ['incident', 'pdfUpload'];

/** The player's parts a test reads. */
function player(page: Page) {
  const lecture = page.getByRole('region', { name: 'Lecture' });
  const state = page.getByTestId('flow-state');
  return {
    machines: page.getByRole('list', { name: 'Liste des machines' }),
    paths: page.getByRole('list', { name: 'Chemins' }),
    lecture,
    next: lecture.getByRole('button', { name: 'Suivant', exact: true }),
    back: lecture.getByRole('button', { name: 'Précédent', exact: true }),
    restart: lecture.getByRole('button', { name: 'Recommencer', exact: true }),
    counter: page.getByTestId('flow-step'),
    state,
    /** The player's own messages beside the state (a state that is not the expected one, a failed step). */
    problems: state.locator('xpath=..').getByRole('alert'),
    screen: lecture.getByRole('region', { name: 'Écran' }),
  };
}

/**
 * The player stands at `step` of `count`, its replay finished, showing `expected` as the state, with no
 * message of its own, and the real screen on view (or, once the screen has navigated away as the app would,
 * the player's word of where it went).
 */
async function standsAt(page: Page, step: number, count: number, expected: unknown) {
  const p = player(page);
  await expect(p.counter).toHaveText(`Étape ${step} / ${count}`);
  // A tab just opened on a step replays every step before it first (a CI run saw the PDF upload's replay
  // still at 'saving' after 10 s): the file's 30 s (DEV_STACK_EXPECT).
  await expect(p.state).toHaveAttribute('aria-busy', 'false');
  await expect(p.state).toHaveText(json(expected));
  await expect(p.problems).toHaveCount(0);
  await expect(p.screen.getByText('Aucun écran associé')).toHaveCount(0);
  await expect(visibleContent(p.screen)).toBeVisible();
}

/** Opens the player at `url`; a fresh tab of the Vite dev server loads a few hundred modules first. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Lecteur de flux' })).toBeVisible({ timeout: 60_000 });
}

/**
 * Signs in to the app of this stack. The player is used signed in: a played screen's own calls beside its
 * machine (the menu's counters of the layout) go to the real API.
 */
async function signIn(page: Page) {
  await page.goto(`${devURL}/login`);
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(menu(page)).toBeVisible();
}

/** Something of the played screen on view: a heading, a dialog, a form, a table, a status… */
const visibleContent = (screen: Locator) =>
  screen
    .locator('h1, h2, h3, [role="dialog"], [role="status"], form, table, article, main')
    .filter({ visible: true })
    .first();

test('the flow player lists every machine and plays the longest path of each on its real screen', async ({
  page,
  context,
}) => {
  test.setTimeout(600_000);
  const machines = await repositoryMachines();
  await signIn(page);
  await open(page, `${devURL}/__flows`);
  const p = player(page);
  await expect(p.machines.getByRole('link')).toHaveText(machines.map((m) => m.id));
  expect(machines.map((m) => m.id)).toEqual(expect.arrayContaining(SHARED_URL_MACHINES));

  for (const { id, machine } of machines) {
    await test.step(id, async () => {
      const { paths } = pathsOf(machine, PATH_OPTIONS[id]);
      await p.machines.getByRole('link', { name: id, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`\\?flow=${id}$`));
      // The same paths as the player's, in the same order (the last state of each names it).
      const links = p.paths.getByRole('link');
      await expect(links).toHaveCount(paths.length);
      const lengths = paths.map((path) => path.steps.length);
      const index = lengths.indexOf(Math.max(...lengths));
      const path: FlowPath = paths[index];
      const last = path.steps.length;
      const expected = (step: number) => path.steps[Math.max(step - 1, 0)].state.value;
      await expect(links.nth(index)).toHaveText(
        `${path.kind === 'state' ? 'vers ' : 'par '}${json(expected(last))}`,
      );
      await links.nth(index).click();
      await standsAt(page, 0, last, expected(0));

      for (let step = 1; step <= last; step++) {
        await p.next.click();
        await standsAt(page, step, last, expected(step));
      }
      await expect(p.next).toBeDisabled();
      await expect(page).toHaveURL(new RegExp(`\\?flow=${id}&path=${index}&step=${last}$`));
      const shared = page.url();

      await p.back.click();
      await standsAt(page, last - 1, last, expected(last - 1));
      await p.restart.click();
      await standsAt(page, 0, last, expected(0));
      await expect(p.back).toBeDisabled();
      // The keyboard steps too, a played dialog holding the focus or not.
      const far = Math.min(2, last);
      for (let step = 1; step <= far; step++) {
        await page.keyboard.press('Alt+ArrowRight');
        await standsAt(page, step, last, expected(step));
      }
      await page.keyboard.press('Alt+ArrowLeft');
      await standsAt(page, far - 1, last, expected(far - 1));
      await page.keyboard.press('Alt+R');
      await standsAt(page, 0, last, expected(0));

      // The played screens never took the page away from the player.
      await expect(page).toHaveURL(new RegExp(`^${devURL}/__flows\\?flow=${id}&path=${index}&step=0$`));
      if (!SHARED_URL_MACHINES.includes(id)) return;
      // The shareable URL, opened in another tab: this flow, this path, the last step.
      const other = await context.newPage();
      await open(other, shared);
      const current = { name: id, exact: true };
      await expect(player(other).machines.getByRole('link', current)).toHaveAttribute('aria-current', 'true');
      await expect(player(other).paths.getByRole('link').nth(index)).toHaveAttribute('aria-current', 'true');
      await standsAt(other, last, last, expected(last));
      await other.close();
    });
  }
});

test('a recording of the live app, downloaded as JSON, replays in the player state by state on the real screens', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The app, for real: sign-in, the requested missions, the users list and a search in it.
  await signIn(page);
  await expect(page.getByRole('table').first()).toBeVisible();
  await menu(page).getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page.getByRole('cell', { name: 'operation@demo.test' })).toBeVisible();
  await page.getByPlaceholder('Rechercher un utilisateur').fill('admin');
  await expect(page.getByRole('cell', { name: 'operation@demo.test' })).toBeHidden();
  await expect(page.getByRole('cell', { name: 'admin@demo.test' })).toBeVisible();

  // The player in the same tab finds the recording; downloaded as JSON.
  await open(page, `${devURL}/__flows`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('enregistrement-flux.json');
  const file = await download.path();
  const events = JSON.parse(await readFile(file, 'utf8')) as RecordedEvent[];
  const runs = recordedRuns(events);
  // The session (signed out, then in), the lists and the change feed, each event with the state its actor
  // reached.
  expect(new Set(runs.map((r) => r.machine))).toEqual(new Set(['session', 'pagedList', 'liveFeed']));
  const session = runs.find((r) => r.machine === 'session')!;
  expect(session.events.map((e) => e.event.type)).toContain('login.submit');
  expect(session.events.at(-1)?.state).toMatchObject({ signedIn: expect.anything() });
  const users = runs.find((r) => r.actor.includes('/user'));
  expect(users?.events.map((e) => e.event.type)).toContain('search.change');
  for (const e of events) expect(e.state, `${e.actor} ${e.event.type}`).toBeDefined();
  // Passwords never leave the tab.
  expect(JSON.stringify(events)).not.toContain('Demo-2026!');

  // Cleared, then loaded back from the file.
  await page.getByRole('button', { name: 'Effacer' }).click();
  const recordedActors = page.getByRole('list', { name: 'Acteurs enregistrés' }).getByRole('listitem');
  await expect(recordedActors).toHaveCount(0);
  await page.getByLabel('Ouvrir un enregistrement').setInputFiles(file);
  await expect(
    page.getByText(`${events.length} événements des acteurs de cet onglet (fichier chargé).`),
  ).toBeVisible();
  await expect(recordedActors).toHaveText(runs.map((r) => `${r.actor} (${r.events.length} événements)`));

  const p = player(page);
  for (const [index, run] of runs.entries()) {
    await test.step(`${run.actor} (${run.events.length} événements)`, async () => {
      await recordedActors.nth(index).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`\\?flow=${run.machine}&recording=${index}&step=0$`));
      const count = run.events.length;
      await expect(p.counter).toHaveText(`Étape 0 / ${count}`);
      for (let step = 1; step <= count; step++) {
        await p.next.click();
        await standsAt(page, step, count, run.events[step - 1].state);
      }
      await expect(p.next).toBeDisabled();
    });
  }
});

/**
 * The inspector's window, as @statelyai/inspect's own receiver (`createBrowserReceiver`) behaves: it tells
 * its opener that it is connected, then keeps the inspection events posted to it. stately.ai is not
 * reachable from the test, so the browser is answered this page in its place.
 */
const INSPECTOR_PAGE = `<!doctype html><html lang="fr"><title>Inspecteur</title><script>
window.received = [];
addEventListener('message', (e) => { if (e.data && typeof e.data._version === 'string') window.received.push(e.data); });
window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script></html>`;

test('?inspect opens the Stately inspector beside the app and hands it the live machines’ events', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.route('https://stately.ai/inspect**', (route) =>
    route.fulfill({ contentType: 'text/html', body: INSPECTOR_PAGE }),
  );
  const opened = context.waitForEvent('page');
  await page.goto(`${devURL}/login?inspect`);
  const inspector = await opened;
  expect(inspector.url()).toMatch(/^https:\/\/stately\.ai\/inspect/);
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Connexion' }).click();
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();

  type Received = { type: string; name?: string; sessionId: string; event?: { type: string } };
  const received = () => inspector.evaluate(() => (window as unknown as { received: Received[] }).received);
  // The session's actor, announced with its machine, then the sign-in it received; a list's actor too.
  await expect
    .poll(async () => {
      const events = await received();
      const session = events.find((e) => e.type === '@xstate.actor' && e.name === 'session');
      return {
        session: Boolean(session),
        signIn: events.some(
          (e) =>
            e.type === '@xstate.event' &&
            e.sessionId === session?.sessionId &&
            e.event?.type === 'login.submit',
        ),
        list: events.some((e) => e.type === '@xstate.actor' && e.name === 'pagedList'),
      };
    })
    .toEqual({ session: true, signIn: true, list: true });
  // Passwords never leave the tab.
  expect(JSON.stringify(await received())).not.toContain('Demo-2026!');
});
