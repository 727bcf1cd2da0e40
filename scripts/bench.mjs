// `npm run bench [name]`: runs the benchmarks in bench/ (all, or those whose file name contains `name`).
// They print figures; they never pass or fail on them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv[2] ?? '';
const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && f.includes(filter))
  .sort();
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${bench}`], {
    stdio: 'inherit',
    // Figures only: the API's access log (one line per request) would bury them.
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  if (result.status !== 0) process.exitCode = 1;
}
