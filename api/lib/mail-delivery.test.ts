// The mail relay of several API instances on one database delivering to a real, slow SMTP server: every
// queued mail reaches it exactly once, however long the server takes to answer. On PostgreSQL three
// instances with their own pools; on PGlite (one process) three relays on the one database.
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { databaseKinds, instancesOf } from '../test/databases';
import { type FakeSmtp, fakeSmtp } from '../test/smtp';
import { createMailer } from './mail';

for (const kind of databaseKinds()) {
  describe(`mail delivery by three instances [${kind}]`, () => {
    let cluster: { instances: Database[]; close(): Promise<void> };
    let smtp: FakeSmtp;
    beforeAll(async () => {
      cluster = await instancesOf(kind, 3);
      // The server answers each message a while after it has it: longer than the claim below lasts.
      smtp = await fakeSmtp({ answerAfterMs: 400 });
      await smtp.listen();
    }, 180_000);
    afterAll(async () => {
      await smtp?.close();
      await cluster?.close();
    });

    it('delivers every mail exactly once, however slow the SMTP server', async () => {
      const mailers = cluster.instances.map((database) =>
        createMailer({
          db: database.db,
          smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
          from: 'Organ Air <noreply@organ-air.test>',
          log: () => {},
          claimMs: 100,
        }),
      );
      const subjects = Array.from({ length: 9 }, (_, i) => `Message ${i + 1}`);
      for (const subject of subjects)
        await mailers[0].send({ to: 'regulation@demo.test', subject, text: `Corps de ${subject}` });
      const db = cluster.instances[0].db;
      const unsent = async () => (await db.select().from(outbox).where(isNull(outbox.sentAt))).length;
      // Each instance delivers until nothing is left, as their relays would, all at once.
      const sent = await Promise.all(
        mailers.map(async (mailer) => {
          let total = 0;
          while ((await unsent()) > 0) total += (await mailer.deliverPending()).sent;
          return total;
        }),
      );
      const delivered = smtp.received.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]).sort();
      expect(delivered).toEqual([...subjects].sort());
      expect(sent.reduce((a, b) => a + b, 0)).toBe(subjects.length);
      expect(await unsent()).toBe(0);
    });
  });
}
