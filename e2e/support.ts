// Shared steps of the browser tests: signing in through the UI, reading the outbox, the menu.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from './env';

export async function signIn(page: Page, email: string, password = E2E.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Connexion' }).click();
}

export function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest message sent to `to`, read from the outbox (development and test only). */
export async function lastMail(
  request: APIRequestContext,
  to: string,
  after?: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${E2E.baseURL}/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { data: OutboxMessage[] };
        found = body.data.find((m) => !after || m.createdAt > after);
        return Boolean(found);
      },
      { message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function codeIn(mail: { text: string }): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no 6-digit code in: ${mail.text}`);
  return match[1];
}

/** Fails on any serious or critical accessibility violation of the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}
