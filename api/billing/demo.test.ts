// The demo data of `npm start` shows every verdict of the billing check: the simulator's trips and invoices
// through a first sync, the missions' and statistics' demo fields, then the demo pricing of the invoices.
import { beforeAll, expect, it } from 'vitest';
import { BILLING_VERDICTS, type BillingPage } from '../../contract/billing';
import { seedDemoMissions } from '../missions';
import { seedDemoStatistics } from '../statistics';
import { runSync } from '../sync';
import { describeEachDatabase } from '../test/databases';
import { type Caller, seededTestApp, signedIn, testLeon } from '../test/harness';
import { seedDemoBilling } from './demo';

describeEachDatabase('Billing demo data', (database) => {
  const now = Date.parse('2026-03-10T09:00:00Z');
  const { leon } = testLeon({ now: () => now, seed: 1, trips: 80 });
  const t = seededTestApp(database, { leon });
  let accounting: Caller;

  beforeAll(async () => {
    t.clock.now = new Date(now);
    const db = database().db;
    await runSync(
      { db, source: leon, now: () => new Date(now), files: t.files, accounting: t.config.accounting },
      'synchronize',
      null,
    );
    await seedDemoMissions(db, new Date(now));
    await seedDemoStatistics({ db, files: t.files });
    const done = await seedDemoBilling(db, new Date(now));
    expect(done.cancelled).toBe(1);
    expect(done.orphan).toBe(1);
    accounting = await signedIn(t.app, 'accounting@demo.test');
  }, 90_000);

  it('shows every verdict over the demo’s last 92 days', async () => {
    const answer = await accounting.get<{ data: BillingPage }>(
      '/billing/checks?startDate=2025-12-09&endDate=2026-03-10&pageSize=100',
    );
    expect(answer.status).toBe(200);
    const { counts } = answer.body.data.totals;
    for (const verdict of BILLING_VERDICTS) expect(counts[verdict], verdict).toBeGreaterThan(0);
    const reasons = answer.body.data.rows.map((r) => r.reason);
    expect(reasons.some((r) => /le dégivrage de \w{4} n'est pas facturé$/.test(r))).toBe(true);
    expect(reasons.some((r) => /le vol est facturé au tarif (jet|turbopropulseur)$/.test(r))).toBe(true);
    expect(reasons).toContain('Aucune mission 99999 connue');
    expect(reasons.some((r) => r.includes('factures annulées par avoir'))).toBe(true);
  });
});
