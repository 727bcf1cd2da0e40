// The mails the app sent, read from the outbox (development and test only).
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../env';
import { expect } from './test';

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
