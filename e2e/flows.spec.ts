// Model-based browser runs: the flows of machines/ driven in Chromium on the real app (Vite serving the
// SPA as `npm run dev` does, every /api call through the edge to the real API and database). The app's
// live actors record the events they receive (web/lib/live-actors.tsx); after the runs each recording is
// replayed on its machine and the states and transitions reached are printed per machine, against what
// the machine defines. Not every path of the model is run in the browser (too slow): the runs follow the
// shortest user paths to the states of the session, forgotten password, paged lists, incident and PDF
// upload; a failed list answer is the one thing forced (a 500 fulfilled by the browser), the rest is the
// real API.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type AnyStateMachine, createActor } from 'xstate';
import { definedTransitions, restingStates, takenTransition } from '../machines/testing/model';
import { Script } from '../web/flow-player/engine';
import type { RecordedEvent } from '../web/lib/live-actors';
import { DEV_STACK_EXPECT, devURL as dev, simURL as sim, useDevStack } from './dev-stack';
import { repositoryMachines } from './machines';
import { codeIn } from './support/mail';
import { allowConsole, expect as expectNow, test } from './support/test';

const expect = expectNow.configure(DEV_STACK_EXPECT);

const recorded: RecordedEvent[][] = [];

useDevStack();

test.afterAll(async () => {
  // The recordings, for the flow player (open them at /__flows) and for reading a coverage gap.
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/flows-recordings.json', JSON.stringify(recorded.flat(), null, 1));
  await report();
});

/** What this tab's live actors received (the recorder saves on `pagehide`, or 300 ms after an event). */
async function keepRecording(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  const events = await page.evaluate(() => sessionStorage.getItem('flow-recording'));
  recorded.push(JSON.parse(events ?? '[]') as RecordedEvent[]);
}

type Snap = { value: unknown; _nodes: Array<{ id: string; type: string }> };

/** Replays every recorded run on its machine (scripted answers from the recording) and measures coverage. */
async function coverageOf(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const events of recorded) {
    const runs: RecordedEvent[][] = [];
    const open = new Map<string, RecordedEvent[]>();
    for (const e of events.filter((e) => e.machine === machine.id)) {
      if (e.event.type === 'xstate.init' || !open.has(e.actor)) {
        const run: RecordedEvent[] = [];
        runs.push(run);
        open.set(e.actor, run);
      }
      open.get(e.actor)!.push(e);
    }
    for (const run of runs) {
      const init = run[0].event as { input?: unknown };
      const script = new Script(machine);
      const actor = createActor(script.provide(machine), { input: init.input as never, clock: script.clock });
      const atoms = (s: Snap) => s._nodes.filter((n) => n.type === 'atomic' || n.type === 'final');
      actor.subscribe((s) => {
        for (const n of atoms(s as unknown as Snap)) states.add(n.id);
      });
      actor.start();
      script.register(actor);
      for (const n of atoms(actor.getSnapshot() as unknown as Snap)) states.add(n.id);
      for (const { event } of run.slice(1)) {
        const before = actor.getSnapshot();
        try {
          await script.play(event);
        } catch {
          break; // an answer the replay was not waiting for: the rest of this run is not counted
        }
        const taken = takenTransition(before as never, event, actor.getSnapshot() as never);
        if (taken) transitions.add(taken);
      }
      actor.stop();
    }
  }
  return { states, transitions };
}

async function report() {
  const lines = ['', 'Model-based browser coverage (states and transitions reached in Chromium):'];
  for (const { machine } of await repositoryMachines()) {
    const all = restingStates(machine);
    const defined = definedTransitions(machine);
    const { states, transitions } = await coverageOf(machine);
    const reached = [...all].filter((s) => states.has(s));
    const taken = [...defined].filter((t) => transitions.has(t));
    lines.push(
      `  ${machine.id.padEnd(16)} states ${reached.length}/${all.size}, transitions ${taken.length}/${defined.size}`,
    );
    const missing = [...all].filter((s) => !states.has(s));
    if (missing.length) lines.push(`    states not reached: ${missing.join(', ')}`);
    const untaken = [...defined].filter((t) => !transitions.has(t));
    if (untaken.length) lines.push(`    transitions not taken: ${untaken.join(', ')}`);
  }
  console.log(lines.join('\n'));
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Connexion' }).click();
}

test('session and paged lists: sign-in refused and accepted, lists loaded, empty and failed, refresh, forced change, logout', async ({
  page,
  context,
}) => {
  allowConsole(page, /status of (400|401|500)/);
  await page.goto(`${dev}/login`);
  await login(page, 'admin@demo.test', 'Mauvais-2026!');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await login(page, 'admin@demo.test', 'Demo-2026!');
  // The layout and the first list are compiled by Vite on demand at the first sign-in: on a loaded machine
  // that took more than 10 s (a CI run saw react-aria-components take 3 s to come).
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table').first()).toBeVisible();

  // The users list: loaded, a search with no match (debounce, then empty), a failed answer.
  await page.goto(`${dev}/users`);
  await expect(page.getByRole('cell', { name: 'admin@demo.test' })).toBeVisible();
  const search = page.getByRole('searchbox').or(page.getByPlaceholder('Rechercher un utilisateur')).first();
  await search.fill('zzzz-aucun');
  await expect(page.getByText('Aucun utilisateur trouvé')).toBeVisible();
  await page.route('**/api/user/all**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur serveur"}' }),
  );
  await search.fill('admin');
  await expect(page.getByText('Erreur serveur')).toBeVisible();
  await page.unroute('**/api/user/all**');

  // The access token gone: the next call gets a 401, the session renews and the call is retried.
  await context.clearCookies({ name: 'access_token' });
  await search.fill('');
  await expect(page.getByRole('cell', { name: 'admin@demo.test' })).toBeVisible();
  // Gone again, then a page load: /me answers 401, refresh, /me again.
  await context.clearCookies({ name: 'access_token' });
  await page.reload();
  await expect(page.getByRole('cell', { name: 'admin@demo.test' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('button', { name: 'Déconnexion' })
    .click();
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeVisible();

  // The forced change at first sign-in.
  await login(page, 'nouveau@demo.test', 'Demo-2026!');
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau-2026!');
  await page.getByLabel('Confirmer le mot de passe').fill('Nouveau-2026!');
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await keepRecording(page);
});

test('forgotten password: request, the 60 s countdown (clock jumped), resend, a wrong code, the right one', async ({
  page,
  request,
}) => {
  // A wrong code (400), and the resend the server still holds back in real time (429).
  allowConsole(page, /status of (400|429)/);
  await page.clock.install();
  await page.goto(`${dev}/forget-password`);
  await page.getByLabel('E-mail').fill('accounting@demo.test');
  await page.getByRole('button', { name: "Demande d'oubli de mot de passe" }).click();
  await expect(page.getByLabel('Code de vérification')).toBeVisible();
  const resend = page.getByRole('button', { name: /Renvoyer le code/ });
  await expect(resend).toBeDisabled();
  await page.clock.runFor(61_000);
  await expect(resend).toHaveText('Renvoyer le code');
  // The resend's answer: a new code (the countdown starts again) or the server holding it back (429).
  const answered = page.waitForResponse((r) => r.url().includes('/api/') && r.request().method() !== 'GET');
  await resend.click();
  await answered;

  await page.getByLabel('Code de vérification').fill('000000');
  await page.getByLabel('Nouveau mot de passe').fill('Compta-2027!');
  await page.getByLabel('Confirmer le mot de passe').fill('Compta-2027!');
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText(/code/i).nth(1)).toBeVisible();

  const outbox = await request.get(`${dev}/api/dev/outbox?to=accounting%40demo.test`);
  const mails = ((await outbox.json()) as { data: Array<{ text: string; createdAt: string }> }).data;
  const newest = [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  await page.getByLabel('Code de vérification').fill(codeIn(newest));
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeVisible();
  await keepRecording(page);
});

test('incident: a report synchronised from Leon, the action proposed (blank refused), saved, validated', async ({
  page,
  request,
}) => {
  const std = new Date(Date.now() - 30 * 3600_000).toISOString();
  const sta = new Date(Date.now() - 29 * 3600_000).toISOString();
  const trip = await request.post(`${sim}/__sim/trips`, {
    data: {
      status: 'CONFIRMED',
      client: 'CHU de Bordeaux – Hôpital Pellegrin',
      legs: [{ from: 'LFBD', to: 'LFPG', std, sta, blockOff: std, blockOn: sta }],
    },
  });
  expect(trip.ok()).toBe(true);
  const { tripNumber } = (await trip.json()) as { tripNumber: string };
  const title = `Porte cargo ${Date.now()}`;
  const report = await request.post(`${sim}/__sim/safety-reports`, {
    data: {
      tripNumber,
      reportDateUTC: new Date(Date.now() - 3600_000).toISOString(),
      category: 'Maintenance',
      title,
      description: 'Voyant allumé au roulage.',
      presumedCauses: 'Verrou grippé.',
      attachments: [],
    },
  });
  expect(report.ok()).toBe(true);

  await page.goto(`${dev}/login`);
  await login(page, 'operation@demo.test', 'Demo-2026!');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('button', { name: 'Chargement nouvelles missions' }).click();
  await expect(page.getByText('Données synchronisées avec succès')).toBeVisible();
  await page.goto(`${dev}/incidents`);
  await page.getByLabel('Rechercher').fill(tripNumber);
  await page.getByRole('table', { name: 'Incidents' }).getByRole('link', { name: title }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'PROPOSER UNE ACTION' }).click();
  const dialog = page.getByRole('dialog', { name: 'PROPOSER UNE ACTION' });
  const text = dialog.getByLabel('Action proposée');
  await text.fill('   ');
  await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(dialog.getByText('Obligatoire')).toBeVisible();
  await text.fill('Remplacer le verrou');
  await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: "VALIDER L'ACTION" }).click();
  await expect(card.getByText('Clôturé')).toBeVisible();
  await keepRecording(page);
});

/** A tiny valid PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('PDF upload: the form, the confirmation, the upload and the record, then a delete and a close', async ({
  page,
  request,
}) => {
  const std = Date.now() - 72 * 3600_000;
  const at = (minutes: number) => new Date(std + minutes * 60_000).toISOString();
  const trip = await request.post(`${sim}/__sim/trips`, {
    data: {
      status: 'CONFIRMED',
      client: 'CHU de Bordeaux – Hôpital Pellegrin',
      legs: [{ from: 'LFBD', to: 'LFPG', std: at(0), sta: at(80), blockOff: at(5), blockOn: at(88) }],
    },
  });
  expect(trip.ok()).toBe(true);
  const { tripNumber } = (await trip.json()) as { tripNumber: string };

  await page.goto(`${dev}/login`);
  await login(page, 'operation@demo.test', 'Demo-2026!');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('button', { name: 'Chargement nouvelles missions' }).click();
  await expect(page.getByText(/^Données synchronisées avec succès/)).toBeVisible();
  await page.goto(`${dev}/statistics`);
  await page.getByLabel('Rechercher').fill(tripNumber);
  const table = page.getByRole('table', { name: 'Statistiques' });
  await expect(table.getByRole('row').filter({ hasText: tripNumber })).toHaveCount(1);
  const open = () =>
    table.getByRole('button', { name: `Mise à jour PDF de la mission ${tripNumber}` }).click();

  await open();
  const dialog = page.getByRole('dialog', { name: 'Mise à jour PDF' });
  await dialog
    .getByRole('group', { name: 'Facture Vol' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByLabel('Identifiant facture vol').fill('FV-FLOW-1');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Êtes-vous sûr de vouloir télécharger ces fichiers ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Factures mises à jour')).toBeVisible();
  await expect(dialog).toBeHidden();

  await open();
  await dialog
    .getByRole('group', { name: 'Facture Vol' })
    .getByRole('button', { name: 'Supprimer le pdf/id' })
    .click();
  await expect(dialog.getByText(/Identifiant : aucun/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await keepRecording(page);
});
