// The mail relay the server runs: deliveries on an interval and soon after a message is queued, one run
// at a time, a failed run logged and retried; and the growing delay between tries of one message.
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema';
import { freshDatabase } from '../test/databases';
import { deferred } from '../test/deferred';
import { createMailer, type Mail, retryDelay, startMailRelay } from './mail';

describe('mail relay', () => {
  it('delivers on its interval and half a second after a wake, and stops', async () => {
    vi.useFakeTimers();
    const deliverPending = vi.fn(async () => ({ sent: 0, failed: 0 }));
    const relay = startMailRelay({ send: vi.fn(), deliverPending }, 30_000, () => {});
    await vi.advanceTimersByTimeAsync(29_999);
    expect(deliverPending).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deliverPending).toHaveBeenCalledTimes(1);
    relay.wake();
    relay.wake();
    await vi.advanceTimersByTimeAsync(500);
    expect(deliverPending).toHaveBeenCalledTimes(2);
    relay.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deliverPending).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run and runs again on the next interval', async () => {
    vi.useFakeTimers();
    const logs: string[] = [];
    const deliverPending = vi
      .fn<() => Promise<{ sent: number; failed: number }>>()
      .mockRejectedValueOnce(new Error('base indisponible'))
      .mockResolvedValue({ sent: 1, failed: 0 });
    const relay = startMailRelay({ send: vi.fn(), deliverPending }, 30_000, (line) => logs.push(line));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(logs).toEqual(['Mail delivery failed: base indisponible']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(deliverPending).toHaveBeenCalledTimes(2);
    relay.stop();
  });

  it('stops after the mail in hand: that one is delivered, the others wait in the outbox', async () => {
    vi.useRealTimers();
    const database = await freshDatabase('pglite');
    try {
      const delivered: string[] = [];
      const { promise: firstInHand, resolve: inHand } = deferred();
      const { promise: released, resolve: release } = deferred();
      const mailer = createMailer({
        db: database.db,
        from: 'bo@example.fr',
        transport: {
          async deliver(mail) {
            inHand();
            await released;
            delivered.push(mail.to);
          },
        },
      });
      for (const to of ['a@example.fr', 'b@example.fr', 'c@example.fr'])
        await mailer.send({ to, subject: 'Objet', text: 'Texte' } satisfies Mail);
      const relay = startMailRelay(mailer, 60_000, () => {});
      relay.wake();
      await firstInHand;
      const stopped = relay.stop();
      release();
      await stopped;
      expect(delivered).toHaveLength(1);
      const rows = await database.db.select().from(outbox);
      expect(rows.filter((row) => row.sentAt).map((row) => row.to)).toEqual(delivered);
      expect(rows.filter((row) => !row.sentAt).map((row) => row.attempts)).toEqual([0, 0]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('waits 1, 2, 4… minutes between the tries of a message, an hour at most', () => {
    expect([1, 2, 3, 7, 8].map(retryDelay)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});
