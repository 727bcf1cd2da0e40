// `npm run migrate`: applies the migrations not applied yet to DATABASE_URL (or the embedded PGlite in
// DATA_DIR) and exits, for a release pipeline that migrates once before starting the new instances. The
// instances also migrate at start, under the same lock (api/db/client.ts), finding nothing left to do.
import { ConfigError, loadConfig } from '../lib/config';
import { migrateOnly } from './client';

try {
  const config = loadConfig();
  const { before, after } = await migrateOnly({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.info(`Migrations: ${after - before} applied, ${after} in all.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
