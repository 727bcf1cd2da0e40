// The focus ring is for the keyboard: the page heading takes the focus on every route change (so that a
// screen reader starts there), and draws no ring for it, whether the page was opened by its address, by a
// click or by Enter on a menu link; a control reached with Tab still draws the ring.
import type { Locator, Page } from '@playwright/test';
import { href } from '../contract/routes';
import { menu } from './support/navigation';
import { signedInAs } from './support/session';
import { expect, test } from './support/test';

test.use({ ...signedInAs('ADMIN'), viewport: { width: 1440, height: 900 } });

/** The outline drawn around `locator`: 'none', or its style and width. */
const outline = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`;
  });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the page heading takes the focus without a ring; a control reached with Tab has one', async ({
  page,
}) => {
  // Opened by its address.
  await page.goto(href('statistics'));
  await expect(heading(page)).toHaveText('Statistiques');
  await expect(heading(page)).toBeFocused();
  expect(await outline(heading(page))).toBe('none');

  // Opened with the keyboard: Enter on a menu link.
  const link = menu(page).getByRole('link', { name: /^Utilisateurs/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(/^Utilisateurs$/i);
  await expect(heading(page)).toBeFocused();
  expect(await outline(heading(page))).toBe('none');

  // Opened with a click.
  await menu(page)
    .getByRole('link', { name: /^Statistiques/ })
    .click();
  await expect(heading(page)).toHaveText('Statistiques');
  await expect(heading(page)).toBeFocused();
  expect(await outline(heading(page))).toBe('none');

  // From the heading, Tab reaches the search box, which shows the ring.
  await page.keyboard.press('Tab');
  const search = page.getByLabel('Rechercher');
  await expect(search).toBeFocused();
  expect(await outline(search)).toBe('solid 3px');
});
