// Accessibility everywhere (issue 18): axe finds no serious or critical violation on any protected screen,
// for each role that may open it (contract/routes.ts SCREENS), at 1440 px and at 390 px (with the drawer
// open too), with each dialog of the screen open, and with the validation errors of each form dialog
// shown. A dialog a role does not have (no button for it) is left out for that role. Beside each axe run,
// the layout check of e2e/layout.ts (issue 23) at the run's width, then, in the 1440 px runs, at 1280 and
// 390 px on the same open page (the window resized, not the screen reopened), with a screenshot of each
// attached to the report. Layout faults fail the test softly: the run goes on and lists them all.
// The staff roles at 1440 px run one after the other in one piece (ADMIN, OPERATION, ACCOUNTING): a
// state another of them already checked with the same content (its main region and open dialog, as their
// accessibility trees read) is not checked again; the first screen of each role always is (its menu and
// header are its own).
import type { Locator, Page } from '@playwright/test';
import { type Role, STAFF_ROLES } from '../contract/roles';
import { canOpen, href, SCREENS, type ScreenName } from '../contract/routes';
import { E2E, runsPiece } from './env';
import { expectLayoutOkAt } from './layout';
import { dataRows } from './support/lists';
import { at, menu } from './support/navigation';
import { quiet } from './support/quiet';
import { signedInAs, signInAsAccounting } from './support/session';
import { expect, expectAccessible, test } from './support/test';

// One role's run must not stop the others': no serial mode; a click that cannot happen fails in 15 s.
test.use({ actionTimeout: 15_000 });

/**
 * Every role at 1440 px; at 390 px (drawer open) the HOSPITAL user, who reads the app on a phone the most:
 * the staff roles' screens and dialogs are the same components, already checked narrow through the
 * HOSPITAL run and the layout tests, and each narrow run costs minutes.
 */
const WIDTHS = [
  { label: '1440 px', width: 1440, height: 900, staff: true },
  { label: '390 px', width: 390, height: 844, staff: false },
] as const;

/** The other widths the layout of each state of a 1440 px run is checked at (its own first). */
const LAYOUT_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * What is on screen now passes axe (at the run's width) and the layout check (at the run's width, and at
 * the other widths for a wide run), a screenshot of each width attached; `label` names the state.
 */
async function checkState(page: Page, label: string, narrow: boolean): Promise<void> {
  await expectAccessible(page);
  const own = page.viewportSize()!;
  await expectLayoutOkAt(
    page,
    narrow ? [own] : [own, ...LAYOUT_WIDTHS],
    label,
    (width) => `${label} ${width}`,
  );
  if (!narrow) await page.setViewportSize(own);
}

/**
 * The states the staff roles at 1440 px have checked, each as its label and content (`contentOf`): the
 * next staff role skips a state of the same label and content. The roles' tests run in one worker, one
 * after the other; a failed test restarts the worker, and the next role then checks everything.
 */
const checkedByStaff = new Set<string>();

/**
 * What a state shows besides the menu and header: the main region's accessibility tree (roles, names,
 * states, texts) and the open dialog's, if any. Two roles' states of equal content are the same
 * components with the same data: axe and the layout check find the same in both.
 */
async function contentOf(page: Page, dialog?: Locator): Promise<string> {
  const main = await page.locator('#contenu').ariaSnapshot();
  return dialog ? `${main}\n---\n${await dialog.ariaSnapshot()}` : main;
}

/**
 * Checks the state (checkState) unless `sharing` is given, the run has already checked a state of its own
 * (its menu and header), and another staff role checked this state with the same content; the state is then
 * added to `sharing`, the states this run took from another staff role's checks (null: a run that checks
 * every state).
 */
async function checkOrShare(
  page: Page,
  label: string,
  narrow: boolean,
  checked: string[],
  sharing: string[] | null,
  dialog?: Locator,
): Promise<void> {
  if (!sharing) {
    await checkState(page, label, narrow);
    checked.push(label);
    return;
  }
  const key = `${label}\n${await contentOf(page, dialog)}`;
  if (checked.length > 0 && checkedByStaff.has(key)) {
    sharing.push(label);
    return;
  }
  await checkState(page, label, narrow);
  checked.push(label);
  checkedByStaff.add(key);
}

/** `A11Y_SCREENS=pilots,aircraftFleet`: a targeted run checks only these screens; all of them by default. */
const ONLY = process.env.A11Y_SCREENS?.split(',').filter(Boolean);

/** The protected screens: every screen of the route table but the public ones, '/' and the forced change. */
const PROTECTED = (Object.keys(SCREENS) as ScreenName[]).filter(
  (screen) =>
    SCREENS[screen].roles !== null &&
    screen !== 'dashboard' &&
    screen !== 'forcePasswordChange' &&
    (!ONLY || ONLY.includes(screen)),
);

/** A dialog of a screen: the button that opens it, and how to make its form show errors (if it has one). */
interface DialogCase {
  name: string;
  /** Gets the screen ready (selects rows…); the opener is looked for after. */
  prepare?: (page: Page) => Promise<void>;
  opener: (page: Page) => Locator;
  /** What opens, when it is not a dialog (a panel), and how it closes then. */
  panel?: { shown: (page: Page) => Locator; close: (page: Page) => Promise<void> };
  /** Makes the form show its validation errors, and the message that then shows. */
  showErrors?: (dialog: Locator) => Promise<Locator>;
}

const submit = (name: string) => async (dialog: Locator) => {
  await dialog.getByRole('button', { name, exact: true }).click();
  return dialog.locator('[aria-invalid="true"], [role="alert"]').first();
};

const MISSION_LIST_DIALOGS: DialogCase[] = [
  {
    name: 'edit a mission',
    opener: (page) => page.getByRole('button', { name: /^Modifier la mission/ }).first(),
    showErrors: async (dialog) => {
      await dialog.getByLabel('Nombre de cristals').fill('1.5');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      return dialog.getByText('le nombre de cristals doit être entier');
    },
  },
  {
    name: 'delete a mission',
    opener: (page) => page.getByRole('button', { name: /^Supprimer la mission/ }).first(),
  },
  { name: 'period calendar', opener: (page) => page.getByRole('button', { name: 'Ouvrir le calendrier' }) },
  { name: 'hospitals filter', opener: (page) => page.getByRole('button', { name: /^Hôpitaux/ }) },
  { name: 'filters panel', opener: (page) => page.getByRole('button', { name: /^Filtres/ }) },
];

const PRICE_DIALOGS: DialogCase[] = [
  {
    name: 'add a price',
    opener: (page) => page.getByRole('button', { name: 'Ajouter prix' }),
    showErrors: submit('Ajouter'),
  },
  { name: 'edit a price', opener: (page) => page.getByRole('button', { name: /^Modifier le prix/ }).first() },
];

const DIALOGS: Partial<Record<ScreenName, DialogCase[]>> = {
  requestedMissions: MISSION_LIST_DIALOGS,
  inProgressMissions: MISSION_LIST_DIALOGS,
  completedMissions: MISSION_LIST_DIALOGS,
  cancelledMissions: MISSION_LIST_DIALOGS,
  closedMissions: MISSION_LIST_DIALOGS,
  statistics: [
    {
      name: 'invoice statuses',
      prepare: async (page) => {
        const box = page.getByRole('checkbox', { name: /^Sélectionner la mission/ }).first();
        if (await box.count()) await box.check();
      },
      opener: (page) => page.getByRole('button', { name: 'Mise à jour du statut' }),
    },
    {
      name: 'invoice PDF',
      opener: (page) => page.getByRole('button', { name: /^Mise à jour PDF de la mission/ }).first(),
      showErrors: async (dialog) => {
        await dialog
          .getByRole('group', { name: 'Facture Vol' })
          .locator('input[type="file"]')
          .setInputFiles({
            name: 'facture.pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from('%PDF-1.4\n'),
          });
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        return dialog.getByText('Obligatoire').first();
      },
    },
    {
      name: 'statistic history',
      opener: (page) => page.getByRole('button', { name: /^Historique de la statistique/ }).first(),
    },
    {
      name: 'statistics filters panel',
      opener: (page) => page.getByRole('button', { name: /^Filtres/ }),
      panel: {
        shown: (page) => page.getByRole('region', { name: 'Filtres' }),
        close: (page) => page.getByRole('button', { name: /^Filtres/ }).click(),
      },
    },
  ],
  users: [
    {
      name: 'add a user',
      opener: (page) => page.getByRole('button', { name: 'Ajouter utilisateur' }),
      showErrors: submit('Ajouter'),
    },
    {
      name: 'edit a user',
      opener: (page) => page.getByRole('button', { name: /^Modifier / }).first(),
      showErrors: async (dialog) => {
        await dialog.getByLabel('E-mail').fill('pas-un-courriel');
        return submit('Modifier')(dialog);
      },
    },
    { name: 'delete a user', opener: (page) => page.getByRole('button', { name: /^Supprimer / }).first() },
    { name: 'user history', opener: (page) => page.getByRole('button', { name: /^Historique de / }).first() },
  ],
  missionDetails: [
    {
      name: 'mission history',
      opener: (page) => page.getByRole('button', { name: 'Historique', exact: true }),
    },
  ],
  unitFlightCost: PRICE_DIALOGS,
  regulationCost: PRICE_DIALOGS,
  passengerMealCost: PRICE_DIALOGS,
  airportCost: PRICE_DIALOGS,
  marketNumber: PRICE_DIALOGS,
  incidentDetails: [
    {
      name: 'propose an action',
      opener: (page) => page.getByRole('button', { name: 'PROPOSER UNE ACTION' }).first(),
      showErrors: async (dialog) => {
        await dialog.getByLabel('Action proposée').fill('   ');
        await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
        return dialog.getByText('Obligatoire');
      },
    },
  ],
  pilots: [
    {
      name: 'pilot missions',
      opener: (page) => page.getByRole('button', { name: /^Voir les missions de / }).first(),
    },
    { name: 'period calendar', opener: (page) => page.getByRole('button', { name: 'Ouvrir le calendrier' }) },
  ],
  aircraftFleet: [
    {
      name: 'aircraft missions',
      opener: (page) => page.getByRole('button', { name: /^Voir les missions de / }).first(),
    },
  ],
  billing: [
    {
      name: 'billing breakdown',
      opener: (page) => page.getByRole('button', { name: /^Voir le détail de / }).first(),
    },
  ],
  syncJournal: [
    {
      name: 'a sync run',
      opener: (page) => page.getByRole('button', { name: /^Ouvrir la synchronisation du/ }).first(),
    },
  ],
  account: [
    {
      // Opened and closed with Escape: the session stays.
      name: 'end this session',
      opener: (page) => page.getByRole('button', { name: 'Déconnecter cette session' }),
    },
  ],
  invoices: [
    {
      name: 'CSV export',
      opener: (page) => page.getByRole('button', { name: 'Exporter vers CSV' }),
      showErrors: submit('Exporter'),
    },
  ],
};

/** The ids the details screens need, read through the API with the browser's session. */
async function detailIds(page: Page): Promise<{ missionId: string; incidentId: string | null }> {
  const missions = await page.request.get(`${E2E.baseURL}/api/missions?status=requested&pageNumber=1`);
  const missionId = ((await missions.json()) as { data: { rows: Array<{ id: string }> } }).data.rows[0].id;
  const incidents = await page.request.get(`${E2E.baseURL}/api/incidents?pageNumber=1`);
  const rows = incidents.ok()
    ? ((await incidents.json()) as { data: { rows: Array<{ id: string; missionId: string | null }> } }).data
        .rows
    : [];
  return { missionId, incidentId: rows[0] ? (rows[0].missionId ?? rows[0].id) : null };
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  if (await dialog.isVisible()) {
    const cancel = dialog.getByRole('button', { name: /^(Annuler|Fermer)$/ }).first();
    if (await cancel.count()) await cancel.click();
  }
  await expect(dialog).toBeHidden();
}

/** Opens the screen and waits for it to settle (its heading, no request under way). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#page-title')).toBeVisible();
  await quiet(page);
  await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
}

/**
 * The five mission lists are one screen, as are the five price screens: each of their dialogs is checked
 * on the first of them that has it (for this role and width), the page itself on each.
 */
async function checkScreen(
  page: Page,
  screen: ScreenName,
  path: string,
  narrow: boolean,
  checked: string[],
  dialogsSeen: Set<string>,
  sharing: string[] | null,
) {
  await open(page, path);
  await checkOrShare(page, screen, narrow, checked, sharing);
  if (narrow) {
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await expect(menu(page)).toBeVisible();
    await checkState(page, `${screen} (drawer open)`, narrow);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    checked.push(`${screen} (drawer open)`);
  }
  for (const item of DIALOGS[screen] ?? []) {
    if (dialogsSeen.has(item.name)) continue;
    await item.prepare?.(page);
    const opener = item.opener(page);
    if (!(await opener.count()) || !(await opener.isVisible()) || !(await opener.isEnabled())) continue;
    await opener.click();
    if (item.panel) {
      await expect(item.panel.shown(page)).toBeVisible();
      await checkOrShare(page, `${screen}: ${item.name}`, narrow, checked, sharing);
      dialogsSeen.add(item.name);
      await item.panel.close(page);
      continue;
    }
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
    await expect(dialog).toBeVisible();
    await checkOrShare(page, `${screen}: ${item.name}`, narrow, checked, sharing, dialog);
    dialogsSeen.add(item.name);
    if (item.showErrors) {
      await expect(await item.showErrors(dialog)).toBeVisible();
      await checkOrShare(page, `${screen}: ${item.name} (errors shown)`, narrow, checked, sharing, dialog);
    }
    await closeDialog(page, dialog);
  }
}

/** The user's own password change, from the side menu, with its errors shown. */
async function checkPasswordDialog(page: Page, narrow: boolean, checked: string[], sharing: string[] | null) {
  if (narrow) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await menu(page).getByRole('button', { name: 'Changer mon mot de passe' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await checkOrShare(page, 'password change', narrow, checked, sharing, dialog);
  const shown = await submit('Modifier')(dialog);
  await expect(shown).toBeVisible();
  await checkOrShare(page, 'password change (errors shown)', narrow, checked, sharing, dialog);
  await closeDialog(page, dialog);
}

/** Checks every state of every screen `role` may open; `share`: with the other staff roles (checkOrShare). */
async function checkRole(page: Page, role: Role, narrow: boolean, share = false) {
  const checked: string[] = [];
  const sharing: string[] | null = share ? [] : null;
  const dialogsSeen = new Set<string>();
  // The app opened first: it renews a saved session older than its access token (a long run), which the
  // API calls of detailIds, made beside the app, could not do.
  await open(page, href('requestedMissions'));
  const ids = await detailIds(page);
  for (const screen of PROTECTED) {
    if (!canOpen(screen, role)) continue;
    if (screen === 'incidentDetails' && !ids.incidentId) continue;
    const path = href(screen, { id: screen === 'missionDetails' ? ids.missionId : (ids.incidentId ?? '') });
    await test.step(`${screen} (${path})`, () =>
      checkScreen(page, screen, path, narrow, checked, dialogsSeen, sharing));
  }
  await open(page, href('requestedMissions'));
  await checkPasswordDialog(page, narrow, checked, sharing);
  const shared = sharing ?? [];
  test.info().annotations.push({ type: 'checked', description: checked.join(' · ') });
  if (shared.length) test.info().annotations.push({ type: 'shared', description: shared.join(' · ') });
  console.log(
    `  ${role}, ${narrow ? '390' : '1440'} px: ${checked.length} states checked (axe, layout${narrow ? '' : ' at 1440, 1280 and 390 px'}): ${checked.join(' · ')}`,
  );
  if (shared.length)
    console.log(
      `  ${role}, 1440 px: ${shared.length} states as another staff role checked them (same content): ${shared.join(' · ')}`,
    );
  expect([...checked, ...shared]).toContain('password change (errors shown)');
}

/**
 * Brings Leon's incidents in once, so that the incident details screen has one to show. Through the test's
 * own page, so that the saved sign-in is kept fresh and saved back (e2e/support/test.ts).
 */
test.describe('setup', () => {
  test.use(signedInAs('OPERATION'));

  test('a sync brings the incidents in', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await menu(page).getByRole('button', { name: 'Chargement nouvelles missions' }).click();
    await expect
      .poll(async () => {
        const answer = await page.request.get(`${E2E.baseURL}/api/incidents?pageNumber=1`);
        return ((await answer.json()) as { data: { rows: unknown[] } }).data.rows.length;
      })
      .toBeGreaterThan(0);
  });
});

/** `role`'s run at one width, as a describe of its own; ACCOUNTING, who has no saved sign-in, signs in first. */
function roleRun(role: Role, label: string, viewport: { width: number; height: number }, share: boolean) {
  const narrow = viewport.width < 768;
  test.describe(`${role} at ${label}`, () => {
    test.use(role === 'ACCOUNTING' ? { viewport } : { ...signedInAs(role), viewport });
    test('every screen it may open passes axe, dialogs open and errors shown', async ({ page }) => {
      test.setTimeout(1_200_000);
      if (role === 'ACCOUNTING') {
        await signInAsAccounting(page);
        await expect(page).toHaveURL(at('requestedMissions'));
        await expect(dataRows(page.getByRole('table', { name: 'Missions' })).first()).toBeVisible();
      }
      await checkRole(page, role, narrow, share);
    });
  });
}

// Each piece (the staff roles together, the HOSPITAL user at each width) is one that scripts/e2e.mjs may
// give to another part of the suite than the rest.
for (const { label, width, height, staff } of WIDTHS) {
  if (staff && runsPiece('a11y.spec.ts', `staff at ${label}`))
    test.describe(`staff at ${label}`, () => {
      for (const role of STAFF_ROLES) roleRun(role, label, { width, height }, true);
    });
  if (runsPiece('a11y.spec.ts', `HOSPITAL at ${label}`)) roleRun('HOSPITAL', label, { width, height }, false);
}
