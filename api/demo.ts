// The demo data of `npm start` (decision 021) that follows the first sync from Leon, in the one order it
// needs: the missions' back-office fields, then the statistics rows (which read them), then the demo
// pricing of the invoices (which reads both). server.ts fills a new database with it; the suites that read
// the demo data as `npm start` leaves it (api/dashboard, api/billing/demo.test.ts) start from
// `syncAndFillDemo`. A root file, as server.ts is: it reaches the features through their index, which
// api/test, a shared folder, may not (docs/architecture.md).
import { seedDemoBilling } from './billing';
import type { LeonSource } from './leon';
import type { Deps } from './lib/context';
import { seedDemoMissions } from './missions';
import { seedDemoStatistics } from './statistics';
import { runSync } from './sync';

type DemoDeps = Pick<Deps, 'db' | 'files' | 'config'>;

/** The demo's fields on the missions a first sync brought; what each step reports. */
export async function fillDemoFields(deps: DemoDeps, now: Date) {
  const missions = await seedDemoMissions(deps.db, now);
  const statistics = await seedDemoStatistics(deps);
  const billing = await seedDemoBilling(deps.db, now, deps.config.costRules);
  return { missions, statistics, billing };
}

/** A first sync from `leon` at `now` (its invoices turned into accounting rows), then the demo's fields. */
export async function syncAndFillDemo(deps: DemoDeps, leon: LeonSource, now: Date) {
  const sync = await runSync(
    { db: deps.db, source: leon, now: () => now, files: deps.files, accounting: deps.config.accounting },
    'synchronize',
    null,
  );
  return { sync, ...(await fillDemoFields(deps, now)) };
}
