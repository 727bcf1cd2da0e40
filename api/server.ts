// The API's Node entry: configuration, database and migrations, demo seed, HTTP server, clean stop.
// Logs are JSON lines on stdout (api/lib/log.ts).
import { createApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { createLeonClient } from './leon';
import { ConfigError, loadConfig, usesDevSecret } from './lib/config';
import { listen } from './lib/listen';
import { logger } from './lib/log';
import { createMailer, type MailRelay, startMailRelay } from './lib/mail';
import { fileStoreFromConfig } from './lib/storage';
import { seedDemoMissions } from './missions';
import { seedDemoStatistics, startStatisticsSweep } from './statistics';
import { startPoll, syncDemoMissions } from './sync';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (usesDevSecret(config))
    logger.warn('SESSION_SECRET is not set: using the development secret (never in production).');
  if (!config.edgeSecret)
    logger.warn('EDGE_SECRET is not set: rate limits use the socket address, not the one the edge sends.');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logger.info(
    `Database ready (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}).`,
  );
  if (config.seedDemo && (await seedDemo(database.db))) logger.info('Demo hospitals and accounts seeded.');
  // Requests only queue mail; the relay delivers it shortly after, and retries failures every 30 s.
  let relay: MailRelay | undefined;
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onQueued: () => relay?.wake(),
  });
  relay = startMailRelay(mailer, 30_000);
  relay.wake();
  const leon =
    config.leonUrl && config.leonApiKey
      ? createLeonClient({ baseUrl: config.leonUrl, apiKey: config.leonApiKey })
      : undefined;
  if (!leon) logger.warn('LEON_URL/LEON_API_KEY not set: missions cannot be synchronised.');
  const files = fileStoreFromConfig(config);
  logger.info(
    config.s3
      ? `Files in the S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}.`
      : `Files in ${config.dataDir}/files.`,
  );
  if (!config.s3 && config.env === 'production')
    logger.warn('S3_* not set: files stay on this machine, so only one API instance can run.');
  const deps = { db: database.db, config, mailer, leon, files, now: () => new Date() };
  if (config.seedDemo) {
    const result = await syncDemoMissions(deps);
    if (result) {
      logger.info(
        `Demo missions synchronised from Leon: ${result.created} created, ${result.failed} failed.`,
      );
      const demo = await seedDemoMissions(database.db, new Date());
      logger.info(
        `Demo mission fields filled in: ${demo.filled} missions, ${demo.closed} closed, ${demo.unbooked} without a trip number.`,
      );
      logger.info(`Demo statistics filled in: ${await seedDemoStatistics(deps)} records.`);
    }
  }
  const stopPoll = startPoll(deps, config.leonPollMinutes);
  // Statistics PDFs uploaded but never recorded (update-pdf not reached) are removed after a day.
  const stopSweep = startStatisticsSweep(deps);
  const app = createApp(deps);
  const server = await listen(app.fetch, {
    port: config.port,
    host: config.host,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  logger.info(`API listening on http://${config.host}:${server.port}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopPoll();
    stopSweep();
    relay?.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'API start failed');
  process.exit(1);
});
