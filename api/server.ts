// The API's Node entry: configuration, database and migrations, demo seed, HTTP server, clean stop.
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { ConfigError, loadConfig, usesDevSecret } from './lib/config';
import { createMailer } from './lib/mail';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (usesDevSecret(config))
    console.warn('SESSION_SECRET is not set: using the development secret (never in production).');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.info(
    `Database ready (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}).`,
  );
  if (config.seedDemo && (await seedDemo(database.db))) console.info('Demo hospitals and accounts seeded.');
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = createApp({ db: database.db, config, mailer });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
    console.info(`API listening on http://${config.host}:${info.port}`),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
