// What a runtime other than React breaks first (docs/decisions/037), asserted for every overlay of the
// app, on whichever runtime the run uses (RUNTIME): Escape closes each dialog, confirmation and popover,
// focus goes back to the control that opened it, whether it was closed with Escape or with its own button,
// and the drawer keeps the focus while open.
import type { Locator, Page } from '@playwright/test';
import { href, type ScreenName } from '../contract/routes';
import type { StoredRole } from './env';
import { menu } from './support/navigation';
import { quiet } from './support/quiet';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

test.use({ actionTimeout: 15_000 });

/** An overlay: where it is, what opens it, and the button inside that closes it (none for a popover). */
interface Overlay {
  name: string;
  screen: ScreenName;
  opener: (page: Page) => Locator;
  /** Gets the screen ready first (rows selected…). */
  prepare?: (page: Page) => Promise<void>;
  /** The button of the overlay that closes it without doing anything. */
  closeButton?: RegExp;
}

const CANCEL = /^(Annuler|Fermer)$/;

const OVERLAYS: Record<StoredRole, Overlay[]> = {
  OPERATION: [
    {
      name: 'edit a mission',
      screen: 'requestedMissions',
      opener: (page) => page.getByRole('button', { name: /^Modifier la mission/ }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'delete a mission',
      screen: 'requestedMissions',
      opener: (page) => page.getByRole('button', { name: /^Supprimer la mission/ }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'period calendar',
      screen: 'completedMissions',
      opener: (page) => page.getByRole('button', { name: 'Ouvrir le calendrier' }),
    },
    {
      name: 'hospitals filter',
      screen: 'completedMissions',
      opener: (page) => page.getByRole('button', { name: /^Hôpitaux/ }),
    },
  ],
  ADMIN: [
    {
      name: 'add a user',
      screen: 'users',
      opener: (page) => page.getByRole('button', { name: 'Ajouter utilisateur' }),
      closeButton: CANCEL,
    },
    {
      name: 'edit a user',
      screen: 'users',
      opener: (page) => page.getByRole('button', { name: /^Modifier / }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'delete a user',
      screen: 'users',
      opener: (page) => page.getByRole('button', { name: /^Supprimer / }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'add a price',
      screen: 'unitFlightCost',
      opener: (page) => page.getByRole('button', { name: 'Ajouter prix' }),
      closeButton: CANCEL,
    },
    {
      name: 'edit a price',
      screen: 'unitFlightCost',
      opener: (page) => page.getByRole('button', { name: /^Modifier le prix/ }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'invoice PDF',
      screen: 'statistics',
      opener: (page) => page.getByRole('button', { name: /^Mise à jour PDF de la mission/ }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'invoice statuses',
      screen: 'statistics',
      prepare: async (page) => {
        await page
          .getByRole('checkbox', { name: /^Sélectionner la mission/ })
          .first()
          .check();
      },
      // Its buttons wait for a status to be chosen: Escape only.
      opener: (page) => page.getByRole('button', { name: 'Mise à jour du statut' }),
    },
    {
      name: 'pilot missions',
      screen: 'pilots',
      opener: (page) => page.getByRole('button', { name: /^Voir les missions de / }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'aircraft missions',
      screen: 'aircraftFleet',
      opener: (page) => page.getByRole('button', { name: /^Voir les missions de / }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'billing breakdown',
      screen: 'billing',
      opener: (page) => page.getByRole('button', { name: /^Voir le détail de / }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'a sync run',
      screen: 'syncJournal',
      opener: (page) => page.getByRole('button', { name: /^Ouvrir la synchronisation du/ }).first(),
      closeButton: CANCEL,
    },
    {
      name: 'CSV export',
      screen: 'invoices',
      opener: (page) => page.getByRole('button', { name: 'Exporter vers CSV' }),
      closeButton: CANCEL,
    },
  ],
  HOSPITAL: [],
};

/** The overlay that opened last: a dialog, a confirmation or a popover's dialog. */
const topmost = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog')).last();

async function open(page: Page, screen: ScreenName): Promise<void> {
  await page.goto(href(screen));
  await expect(page.locator('#page-title')).toBeVisible();
  await quiet(page);
  await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
}

/** Opens the overlay from its opener (focused first, as a click leaves it), waits for it to show. */
async function openOverlay(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const overlay = topmost(page);
  await expect(overlay).toBeVisible();
  return overlay;
}

for (const role of ['OPERATION', 'ADMIN'] as const) {
  test.describe(`${role}'s overlays`, () => {
    test.use({ ...signedInAs(role), viewport: { width: 1440, height: 900 } });

    test('Escape closes each one and focus goes back to its opener; so does its own close button', async ({
      page,
    }) => {
      test.setTimeout(600_000);
      const checked: string[] = [];
      let screen: ScreenName | null = null;
      for (const overlay of OVERLAYS[role]) {
        await test.step(overlay.name, async () => {
          if (screen !== overlay.screen) await open(page, overlay.screen);
          screen = overlay.screen;
          await overlay.prepare?.(page);
          const opener = overlay.opener(page);
          await expect(opener, `the opener of "${overlay.name}"`).toBeVisible();

          let shown = await openOverlay(page, opener);
          await page.keyboard.press('Escape');
          await expect(shown, `Escape closes "${overlay.name}"`).toBeHidden();
          await expect(opener, `focus back on the opener of "${overlay.name}" after Escape`).toBeFocused();

          if (overlay.closeButton) {
            shown = await openOverlay(page, opener);
            await shown.getByRole('button', { name: overlay.closeButton }).first().click();
            await expect(shown).toBeHidden();
            await expect(
              opener,
              `focus back on the opener of "${overlay.name}" after its button`,
            ).toBeFocused();
          }
          checked.push(overlay.name);
        });
      }
      expect(checked).toEqual(OVERLAYS[role].map((overlay) => overlay.name));
    });
  });
}

test.describe('password change from the side menu', () => {
  test.use({ ...signedInAs('OPERATION'), viewport: { width: 1440, height: 900 } });

  test('Escape closes it and focus goes back to its menu entry', async ({ page }) => {
    await open(page, 'requestedMissions');
    const opener = menu(page).getByRole('button', { name: 'Changer mon mot de passe' });
    const dialog = await openOverlay(page, opener);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('drawer at 390 px', () => {
  test.use({ ...signedInAs('HOSPITAL'), viewport: { width: 390, height: 844 } });

  test('holds the focus both ways while open; Escape closes it and focus goes back to the toggle', async ({
    page,
  }) => {
    await open(page, 'requestedMissions');
    const drawer = page.locator('#side-menu');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await expect(menu(page)).toBeVisible();
    const inside = () => drawer.evaluate((nav) => nav.contains(document.activeElement));
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press(key);
        expect(await inside(), `${key} ×${i + 1} stays in the drawer`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});
