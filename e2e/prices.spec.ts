// Price tables in the browser: ADMIN adds a price (shown first), edits one (replaced where it stands), is
// refused an overlapping period with the French message; the dialogs pass axe; OPERATION reads the five
// tables without add or edit; the tables fit 1280 and 1440 px without a cut column and work at 390 px.
// Each test starts signed in (e2e/auth.setup.ts).
import type { Locator, Page } from '@playwright/test';
import { PRICE_TABLE_LABELS, type PriceTable } from '../contract/prices';
import { href, type ScreenName } from '../contract/routes';
import { tableNamed } from './support/lists';
import { at, menu } from './support/navigation';
import { signedInAs } from './support/session';
import { allowConsole, expect, expectAccessible, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const SCREENS: Array<[ScreenName, PriceTable]> = [
  ['unitFlightCost', 'flightUnitCost'],
  ['regulationCost', 'regulationCost'],
  ['passengerMealCost', 'passengerMealCost'],
  ['airportCost', 'airportCost'],
  ['marketNumber', 'marketNumber'],
];
const AIRPORTS = PRICE_TABLE_LABELS.airportCost;

const list = (page: Page, title: string) => tableNamed(page, title);

/** Opens a price screen and waits for its first rows. */
async function open(page: Page, screen: ScreenName, title: string) {
  await page.goto(href(screen));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(list(page, title).rows.first()).toBeVisible();
}

/** Types a day ('ddMMyyyy') into the day field `label` of `dialog`, segment by segment. */
async function typeDay(dialog: Locator, label: string, digits: string) {
  await dialog.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await dialog.page().keyboard.type(digits);
}

/** The table's scroll frame shows every column: nothing hidden sideways. */
async function expectNoCutColumn(page: Page, title: string) {
  const frame = page.getByRole('region', { name: `Tableau ${title}` });
  const [scrollWidth, clientWidth] = await frame.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, `${title}: ${scrollWidth} px of columns in ${clientWidth} px`).toBeLessThanOrEqual(
    clientWidth,
  );
}

test.describe('as ADMIN', () => {
  test.use(signedInAs('ADMIN'));

  test('adds an airport price, shown first; an overlapping period is refused with the French message', async ({
    page,
  }) => {
    allowConsole(page, /status of 409/); // the overlap, refused
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, 'airportCost', AIRPORTS);
    // Newest period first, 20 a page, searched by ICAO code.
    await expect(list(page, AIRPORTS).rows).toHaveCount(20);
    await page.getByRole('searchbox', { name: 'Rechercher par code OACI' }).fill('LFBD');
    await expect(list(page, AIRPORTS).rows).toHaveCount(5);
    expect(await list(page, AIRPORTS).column('Date de début')).toEqual([
      '01/01/2027',
      '01/01/2026',
      '01/01/2025',
      '01/01/2024',
      '01/01/2023',
    ]);

    await page.getByRole('button', { name: 'Ajouter prix' }).click();
    const dialog = page.getByRole('dialog', { name: `Ajouter prix : ${AIRPORTS}` });
    await expect(dialog.getByLabel('Code OACI')).toBeFocused();
    // The form's own messages first, the focus on the first field in error.
    await dialog.getByLabel("Nom de l'aéroport").fill('Bordeaux-Mérignac');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog.getByText('Obligatoire')).toHaveCount(5);
    await expect(dialog.getByLabel('Code OACI')).toBeFocused();
    await expectAccessible(page);

    // A period inside LFBD's 2024 prices: the server refuses it and names the period in the way.
    await dialog.getByLabel('Code OACI').fill('lfbd');
    await typeDay(dialog, 'Date de début', '01062024');
    await typeDay(dialog, 'Date de fin', '30062024');
    await dialog.getByLabel('Prix avec dégivrage (€)').fill('899,90');
    await dialog.getByLabel('Prix sans dégivrage (€)').fill('350');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Cette période chevauche celle du 01/01/2024 au 31/12/2024.',
    );

    // 2022 is free: the new row comes first, although the list orders the newest period first.
    await typeDay(dialog, 'Date de début', '01012022');
    await typeDay(dialog, 'Date de fin', '31122022');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Prix ajouté')).toBeVisible();
    const first = list(page, AIRPORTS).rows.first();
    await expect(first).toContainText('01/01/2022');
    await expect(first).toContainText('899,90 €');
    await expect(list(page, AIRPORTS).rows).toHaveCount(6);
  });

  test('edits a price: dates prefilled as days, the row replaced where it stands', async ({ page }) => {
    const title = PRICE_TABLE_LABELS.regulationCost;
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, 'regulationCost', title);
    const before = await list(page, title).column('Date de début');
    const index = before.indexOf('01/01/2025');
    expect(index).toBeGreaterThan(0);

    await list(page, title)
      .table.getByRole('button', { name: 'Modifier le prix du 01/01/2025 au 31/12/2025' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le prix du 01/01/2025 au 31/12/2025' });
    const start = dialog.getByRole('group', { name: 'Date de début' });
    await expect(start.getByRole('spinbutton')).toHaveText(['01', '01', '2025']);
    await expect(dialog.getByRole('group', { name: 'Date de fin' }).getByRole('spinbutton')).toHaveText([
      '31',
      '12',
      '2025',
    ]);
    await expect(start.getByRole('spinbutton').first()).toBeFocused();
    await expectAccessible(page);
    // An end before the start is refused on the end date, with the spec's words.
    await typeDay(dialog, 'Date de fin', '31122024');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog.getByText('La date de début doit être antérieure à la date de fin')).toBeVisible();
    await typeDay(dialog, 'Date de fin', '31122025');
    await dialog.getByLabel('Prix (€)').fill('412,35');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Prix modifié')).toBeVisible();
    expect(await list(page, title).column('Date de début')).toEqual(before);
    // French format: a no-break space before the euro sign.
    expect((await list(page, title).column('Prix'))[index]).toBe('412,35\u00a0€');
  });

  test('every price table fits 1280 and 1440 px without a cut column', async ({ page }) => {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [screen, name] of SCREENS) {
        await open(page, screen, PRICE_TABLE_LABELS[name]);
        await expectNoCutColumn(page, PRICE_TABLE_LABELS[name]);
      }
    }
  });

  test('works at 390 px: menu drawer, search, add dialog within the screen, no axe violation', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(href('dashboard'));
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu(page).getByRole('button', { name: /^Prix/ }).click();
    await menu(page).getByRole('link', { name: AIRPORTS }).click();
    await expect(page).toHaveURL(at('airportCost'));
    await expect(list(page, AIRPORTS).rows.first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Rechercher par code OACI' }).fill('LFPG');
    await expect(list(page, AIRPORTS).rows).toHaveCount(5);
    // The page itself does not scroll sideways; the table scrolls in its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Ajouter prix' }).click();
    const dialog = page.getByRole('dialog', { name: `Ajouter prix : ${AIRPORTS}` });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('as OPERATION', () => {
  test.use(signedInAs('OPERATION'));

  test('reads the five tables from the Prix menu, without add or edit', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(href('dashboard'));
    await menu(page).getByRole('button', { name: /^Prix/ }).click();
    const entries = menu(page).getByRole('link', { name: /^(Coût|Numéro)/ });
    await expect(entries).toHaveText([
      "Coût unitaire de l'heure de vol",
      'Coût de la régulation',
      'Coût des repas des passagers',
      "Coût de l'aéroport",
      'Numéro de marché',
    ]);
    for (const [screen, name] of SCREENS) {
      const title = PRICE_TABLE_LABELS[name];
      await menu(page).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(at(screen));
      await expect(list(page, title).rows.first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ajouter prix' })).toHaveCount(0);
      await expect(list(page, title).table.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
      await expect(list(page, title).table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    }
    // The demo's one gap: no meal price in August 2025.
    await menu(page).getByRole('link', { name: PRICE_TABLE_LABELS.passengerMealCost }).click();
    const meals = list(page, PRICE_TABLE_LABELS.passengerMealCost).table;
    await expect(meals.getByRole('cell', { name: '31/07/2025' })).toBeVisible();
    await expect(meals.getByRole('cell', { name: '01/09/2025' })).toBeVisible();
  });
});

test.describe('as HOSPITAL', () => {
  test.use(signedInAs('HOSPITAL'));

  test('a HOSPITAL user has no Prix menu and is sent back from a price screen', async ({ page }) => {
    await page.goto(href('airportCost'));
    await expect(page).toHaveURL(at('requestedMissions'));
    await expect(menu(page).getByRole('button', { name: /^Prix/ })).toHaveCount(0);
  });
});
