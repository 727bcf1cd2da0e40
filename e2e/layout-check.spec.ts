// The layout check itself (e2e/layout.ts), on static pages: a dialog broken the way the statistics PDF
// dialog was (issue 23) gets every fault reported with where it is, and a sound one (a table that scrolls
// in its frame, an ellipsis with its full text, a hidden file input, sticky cells) gets none. The
// accessibility check of e2e/support/test.ts (`expectAccessible`) too: it fails on a page with serious
// violations, in the page and in a frame of the same origin, and passes the sound dialog.
import type { Route } from '@playwright/test';
import { layoutProblems } from './layout';
import { expect, expectAccessible, test } from './support/test';

const PAGE = (body: string) => `<!doctype html><html lang="fr"><head><title>Essai</title><style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px sans-serif; }
  [role=dialog] { width: min(400px, calc(100vw - 40px)); margin: 20px; padding: 16px; display: flex;
    flex-direction: column; gap: 12px; border: 1px solid; }
  .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style></head><body>${body}</body></html>`;

const BROKEN = PAGE(`
  <div role="dialog" aria-label="Mise à jour PDF">
    <div style="display: grid; grid-template-columns: 100px 100px; gap: 8px">
      <p style="margin: 0; white-space: nowrap; width: 100px">PDF : présent depuis longtemps</p>
      <p style="margin: 0">Aéroport</p>
    </div>
    <div style="display: flex; width: 560px"><span>Une rangée plus large que le dialogue</span></div>
    <div style="width: 120px; overflow: hidden; white-space: nowrap">Supprimer le pdf/id de l'aéroport</div>
    <div style="width: 120px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Hôpital Européen Georges-Pompidou</div>
    <div style="position: relative; height: 40px">
      <input aria-label="Facture Vol" style="position: absolute; left: 0; width: 200px">
      <input aria-label="Facture Aéroport" style="position: absolute; left: 150px; width: 200px">
    </div>
    <input type="file" aria-label="Fichier">
  </div>`);

const SOUND = PAGE(`
  <main>
    <h1>Statistiques</h1>
    <div role="dialog" aria-label="Mise à jour PDF">
      <label>Facture Vol <input type="file" style="display: none"></label>
      <button type="button">Choisir un fichier</button>
      <div style="width: 120px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis"
        title="Hôpital Européen Georges-Pompidou">Hôpital Européen Georges-Pompidou</div>
      <span class="hidden">Un texte pour les lecteurs d'écran, plus large que tout le reste du dialogue</span>
      <div style="overflow: auto; max-width: 100%">
        <table style="width: 900px; border-collapse: collapse">
          <tr>
            <td style="position: sticky; left: 0; background: white"><input type="checkbox" aria-label="Ligne 1"></td>
            <td>Une cellule large</td>
            <td style="position: sticky; right: 0; background: white"><button type="button">Voir</button></td>
          </tr>
        </table>
      </div>
      <div style="display: flex; gap: 8px"><button type="button">Annuler</button><button type="button">Enregistrer</button></div>
    </div>
  </main>`);

test('the layout check reports each fault of a broken dialog, saying where it is and by how much', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(BROKEN);
  const problems = await layoutProblems(page);
  console.info(problems.join('\n'));
  const expected = [
    /p 'PDF : présent depuis longtemps'.*: its text spills out of it by \d+ px/,
    /div 'Une rangée plus large que le dialogue'.*sticks out of its parent \(\d+ px wide\) by 1\d\d px/,
    /div 'Supprimer le pdf\/id de l'aéroport'.*cuts its content/,
    /div 'Hôpital Européen Georges-Pompidou'.*ends in an ellipsis without its full text/,
    /input"Facture Vol".*and .*input"Facture Aéroport".*overlap \(50×\d+ px\)/,
    /input"Fichier"\[type=file\].*the browser's own file control shows/,
  ];
  for (const pattern of expected)
    expect(problems, String(pattern)).toContainEqual(expect.stringMatching(pattern));
  // Every line names the dialog it is in.
  for (const line of problems) expect(line).toContain('div[role=dialog]"Mise à jour PDF"');
  expect(problems).toHaveLength(expected.length);
});

test('the layout check passes a sound dialog: a table scrolling in its frame, an ellipsis with its title', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.setContent(SOUND);
    expect(await layoutProblems(page), `${width} px`).toEqual([]);
  }
});

test('without a dialog open, the check covers the page: a page scrolling sideways is reported', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.setContent(
    PAGE('<main><h1>Missions</h1><div style="width: 600px">Une bande trop large</div></main>'),
  );
  const problems = await layoutProblems(page);
  expect(problems).toContainEqual(
    expect.stringMatching(/the page scrolls sideways: 600 px wide in a 390 px window/),
  );
  expect(problems).toContainEqual(
    expect.stringMatching(
      /main"Missions" > div 'Une bande trop large'.*sticks out of its parent \(390 px wide\) by 210 px/,
    ),
  );
});

test('the accessibility check fails on serious violations, a frame’s included, and passes a sound page', async ({
  page,
}) => {
  // Served in the app's origin (the frame shares it), without the app's own headers.
  const served = (html: string) => (route: Route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
  await page.route(
    '**/essai-axe',
    served(
      PAGE(`<main><h1>Missions</h1><button type="button"></button>
      <iframe title="Détails" srcdoc="<main><input type='text'></main>"></iframe></main>`),
    ),
  );
  await page.route('**/essai-axe-sain', served(SOUND));
  await page.goto('/essai-axe');
  // A srcdoc frame can still hold its first, empty document when the page's load event fires.
  await expect(page.frameLocator('iframe[title="Détails"]').locator('input')).toBeAttached();
  const failure = await expectAccessible(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name');
  // The unnamed field is inside the frame.
  expect(failure).toContain('label');
  await page.goto('/essai-axe-sain');
  await expectAccessible(page);
});
