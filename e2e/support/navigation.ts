// Where a page is and how to get there: the main menu, a screen's URL, the screens a role is sent away from.
import type { Page } from '@playwright/test';
import { href, type ScreenName } from '../../contract/routes';
import { E2E } from '../env';
import { expect } from './test';

export function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/**
 * Opens the app on the requested missions and waits for its menu: the app renews a saved session older
 * than its access token (a run past 15 minutes), which API calls made beside it (`page.request`) cannot
 * do. Call it before a test's first `page.request`.
 */
export async function openApp(page: Page): Promise<void> {
  await page.goto(href('requestedMissions'));
  await expect(menu(page)).toBeVisible();
}

/** Opens a screen by its entry of the main menu and waits for it: its URL, its title (level 1 heading). */
export async function openFromMenu(
  page: Page,
  entry: string | RegExp,
  screen: ScreenName,
  title: string,
): Promise<void> {
  await menu(page).getByRole('link', { name: entry }).click();
  await expect(page).toHaveURL(at(screen));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

/** A role without the screen: no menu entry, and its URL sends it to the missions. */
export async function expectNoEntry(page: Page, entry: string | RegExp, screen: ScreenName): Promise<void> {
  await page.goto(href('requestedMissions'));
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole('link', { name: entry })).toHaveCount(0);
  await page.goto(href(screen));
  await expect(page).toHaveURL(at('requestedMissions'));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the URL of a screen (contract/routes.ts), with or without a query: `toHaveURL(at('users'))`. */
export const at = (screen: ScreenName, params: Record<string, string> = {}) =>
  new RegExp(`^${escaped(E2E.baseURL + href(screen, params))}(\\?.*)?$`);

/** Opens each screen of `from` in turn and expects to land on `to` every time. */
export async function expectRedirects(page: Page, from: ScreenName[], to: ScreenName) {
  for (const screen of from) {
    await page.goto(href(screen));
    await expect(page).toHaveURL(at(to));
  }
}
