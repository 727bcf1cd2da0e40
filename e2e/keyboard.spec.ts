// Keyboard only, at 1440 px and at 390 px: signing in, filtering a mission list, editing a mission and
// adding a user, with no mouse. Each step reaches its control with Tab (a bounded number of presses) and
// acts with Enter, Space, arrows or typing; focus lands where a keyboard user expects it.
import type { Locator, Page } from '@playwright/test';
import { href } from '../contract/routes';
import { ACCOUNTS, E2E } from './env';
import { at } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

const WIDTHS = [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
];

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, back = false): Promise<number> {
  const hasFocus = () =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (await hasFocus()) return 0;
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus()) return presses;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), id: el?.id, text: el?.textContent?.trim() ?? '' };
  });

for (const { name, viewport } of WIDTHS) {
  const small = viewport.width < 900;

  test.describe(`keyboard only at ${name}`, () => {
    test.use({ viewport });

    test('signs in, and lands on the page heading with a title of its own', async ({ page }) => {
      await page.goto(href('login'));
      await tabTo(page, page.getByLabel('E-mail'), 5);
      await page.keyboard.type(ACCOUNTS.OPERATION);
      await tabTo(page, page.getByLabel('Mot de passe', { exact: true }), 3);
      await page.keyboard.type(E2E.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(at('requestedMissions'));
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page).toHaveTitle(/^Missions – Demandée · /);
    });

    test.describe('signed in', () => {
      test.use(signedInAs('OPERATION'));

      test('filters a mission list: search, then a period typed and cleared', async ({ page }) => {
        await page.goto(href('completedMissions'));
        await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
        await expect(page).toHaveTitle(/^Missions – Réalisée · /);
        const table = page.getByRole('table', { name: 'Missions' });
        const firstNumber = (await table
          .getByRole('row')
          .nth(1)
          .getByRole('cell')
          .first()
          .textContent())!.trim();
        // From the heading, the search box is the next stop.
        expect(await tabTo(page, page.getByLabel('Rechercher'), 2)).toBeLessThanOrEqual(2);
        await page.keyboard.type(firstNumber);
        await expect
          .poll(async () =>
            (await table.getByRole('row').allTextContents()).slice(1).every((t) => t.includes(firstNumber)),
          )
          .toBe(true);
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Backspace');
        const period = page.getByRole('group', { name: 'Période' });
        await tabTo(page, period.getByRole('spinbutton', { name: /jour/i }).first(), 3);
        await page.keyboard.type('01012023');
        await tabTo(page, period.getByRole('spinbutton', { name: /jour/i }).nth(1), 4);
        await page.keyboard.type('02012023');
        await expect(page.getByText('Aucune mission trouvée')).toBeVisible();
        await tabTo(page, period.getByRole('button', { name: 'Effacer la période' }), 4);
        await page.keyboard.press('Space');
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        await expect(page.getByText('Aucune mission trouvée')).toHaveCount(0);
      });

      test('edits a mission: the dialog opens on its first field, errors take the focus', async ({
        page,
      }) => {
        await page.goto(href('requestedMissions'));
        const table = page.getByRole('table', { name: 'Missions' });
        const row = table.getByRole('row').nth(1);
        await expect(row).toBeVisible();
        await tabTo(page, row.getByRole('button', { name: /^Modifier la mission/ }), 60);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: /Modifier la mission/ });
        const cristal = dialog.getByLabel('Nombre de cristals');
        await expect(cristal).toBeFocused();
        await page.keyboard.press('Control+A');
        await page.keyboard.type('1.5');
        await tabTo(page, dialog.getByRole('button', { name: 'Enregistrer' }), 40);
        await page.keyboard.press('Enter');
        await expect(dialog.getByText('le nombre de cristals doit être entier')).toBeVisible();
        await expect(cristal).toBeFocused();
        await page.keyboard.press('Control+A');
        await page.keyboard.type('4');
        // A requested mission has no organ, meals, de-icing or OCS yet: the keyboard fills them in.
        const heart = dialog.getByRole('checkbox', { name: 'Cœur' });
        await tabTo(page, heart, 10);
        // Space toggles the box (the other width's run may have ticked it already on this mission).
        const wasChecked = await heart.isChecked();
        await page.keyboard.press('Space');
        await expect(heart).toBeChecked({ checked: !wasChecked });
        if (wasChecked) await page.keyboard.press('Space');
        await expect(heart).toBeChecked();
        await tabTo(page, dialog.getByLabel('Plateaux repas'), 25);
        await page.keyboard.press('Control+A');
        await page.keyboard.type('2');
        for (const label of ['Dégivrage', 'OCS']) {
          await tabTo(page, dialog.getByLabel(label), 8);
          // A native select: the letters choose the option.
          await page.keyboard.type('Non');
          await expect(dialog.getByLabel(label)).toHaveValue('false');
        }
        await tabTo(page, dialog.getByRole('button', { name: 'Enregistrer' }), 6);
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(page.getByText('Mission modifiée')).toBeVisible();
      });

      if (small) {
        test('opens the drawer, which holds the focus, and closes it with Escape', async ({ page }) => {
          await page.goto(href('requestedMissions'));
          // The screen's heading takes the focus once it is shown; Shift+Tab from it reaches 'Menu'. (Pressed
          // before, from the page's body, Shift+Tab would start from the end of the page.)
          await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
          // By id: closed, the drawer is hidden, and a locator by role would not find it.
          const drawer = page.locator('#side-menu');
          const toggle = page.getByRole('button', { name: 'Menu' });
          // Closed, its entries are out of the Tab order: Tab goes from 'Menu' to the page.
          await tabTo(page, toggle, 4, true);
          await page.keyboard.press('Tab');
          expect(await drawer.evaluate((nav) => nav.contains(document.activeElement))).toBe(false);
          await tabTo(page, toggle, 4, true);
          await page.keyboard.press('Enter');
          // The focus goes to the menu's first entry, 'Tableau de bord'.
          await expect(drawer.getByRole('link', { name: 'Tableau de bord' })).toBeFocused();
          // Tab cycles inside the open drawer.
          for (let i = 0; i < 30; i++) {
            await page.keyboard.press('Tab');
            expect(await drawer.evaluate((nav) => nav.contains(document.activeElement))).toBe(true);
          }
          await page.keyboard.press('Escape');
          await expect(toggle).toBeFocused();
          await expect(drawer.getByRole('link').first()).toBeHidden();
        });
      }
    });

    test.describe('as ADMIN', () => {
      test.use(signedInAs('ADMIN'));

      test('adds a user with the keyboard alone', async ({ page }) => {
        await page.goto(href('users'));
        await expect(page).toHaveTitle(/^Utilisateurs · /);
        await tabTo(page, page.getByRole('button', { name: 'Ajouter utilisateur' }), 10);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'AJOUTER UN UTILISATEUR' });
        await expect(dialog.getByLabel('Prénom')).toBeFocused();
        // Submitted empty: the first invalid field takes the focus.
        await page.keyboard.press('Enter');
        await expect(dialog.getByText('le prenom est requis')).toBeVisible();
        await expect(dialog.getByLabel('Prénom')).toBeFocused();
        const email = `clavier.${viewport.width}@demo.test`;
        await page.keyboard.type('Camille');
        await page.keyboard.press('Tab');
        await page.keyboard.type('Clavier');
        await page.keyboard.press('Tab');
        await page.keyboard.type(email);
        await page.keyboard.press('Tab');
        await page.keyboard.type('0601020304');
        await tabTo(page, dialog.getByLabel('Rôle'), 3);
        // A native select: the letters choose the option.
        await page.keyboard.type('Operation');
        await expect(dialog.getByLabel('Rôle')).toHaveValue('OPERATION');
        await tabTo(page, dialog.getByRole('button', { name: 'Ajouter' }), 6);
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(
          page.getByRole('table', { name: 'Utilisateurs' }).getByRole('cell', { name: email }),
        ).toBeVisible();
      });
    });
  });
}

test.describe('skip link', () => {
  test.use(signedInAs('OPERATION'));

  test('is the first stop and leads to the page', async ({ page }) => {
    await page.goto(href('requestedMissions'));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // The first element of the Tab order, hidden until it has the focus.
    const first = await page.evaluate(() => {
      const all = document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex]',
      );
      return [...all].find((el) => el.tabIndex >= 0)?.textContent?.trim();
    });
    expect(first).toBe('Aller au contenu');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).not.toBeInViewport();
    await skip.focus();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('contenu');
  });
});
