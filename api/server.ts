// The API's Node entry: configuration, database and migrations, demo seed, background jobs, HTTP server,
// clean stop. Logs are JSON lines on stdout (api/lib/log.ts).

import { setMaxListeners } from 'node:events';
import { createApp, hasDevRoutes } from './app';
import { pruneAuth } from './auth';
import { checkSessionConnection, openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { fillDemoFields } from './demo';
import { seedDemoHistory } from './history';
import { incidentFilesSweepJob } from './incidents';
import { budgetPerMinute, createLeonClient, createSharedRequestBudget } from './leon';
import { ConfigError, loadConfig, usesDevSecret } from './lib/config';
import { type Job, startJobs } from './lib/jobs';
import { listen } from './lib/listen';
import { logger } from './lib/log';
import { createMailer, type MailRelay, pruneSentMail, startMailRelay } from './lib/mail';
import { fileStoreFromConfig } from './lib/storage';
import { statisticsSweepJob } from './statistics';
import { pollJob, syncDemoMissions } from './sync';

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
  if (config.env === 'development' && !config.devRoutes)
    logger.warn('NODE_ENV is not set: development defaults, without the development routes (/dev/outbox).');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  logger.info(
    `Database ready (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}).`,
  );
  // The sync's lock and its write fence need session semantics: refuse a transaction-mode pooler.
  const session = await checkSessionConnection(database.db);
  if (!session.ok) {
    logger.error(session.reason);
    await database.close();
    process.exit(1);
  }
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
      ? createLeonClient({
          baseUrl: config.leonUrl,
          apiKey: config.leonApiKey,
          // One budget for every instance, counted in the database (decision 061).
          budget: config.leonRequestsPerMinute
            ? createSharedRequestBudget(database.db, budgetPerMinute(config.leonRequestsPerMinute))
            : null,
        })
      : undefined;
  if (!leon) logger.warn('LEON_URL/LEON_API_KEY not set: missions cannot be synchronised.');
  const files = fileStoreFromConfig(config, undefined, database.db);
  logger.info(
    config.s3
      ? `Files in the S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}.`
      : `Files in ${config.dataDir}/files.`,
  );
  if (!config.s3 && config.env === 'production')
    logger.warn('SINGLE_INSTANCE=true: files stay on this machine, so only one API instance may run.');
  // Aborted at SIGTERM: /health answers 503, a running sync stops and is recorded as interrupted.
  const shutdown = new AbortController();
  // Each open stream of the change feed listens for it (api/live/routes.ts): past ten, Node would warn of
  // a leak.
  setMaxListeners(0, shutdown.signal);
  const deps = {
    db: database.db,
    config,
    mailer,
    leon,
    files,
    now: () => new Date(),
    shutdown: shutdown.signal,
  };
  if (config.seedDemo) {
    const result = await syncDemoMissions(deps);
    if (result) {
      logger.info(
        `Demo missions synchronised from Leon: ${result.created} created, ${result.failed} failed.`,
      );
      const demo = await fillDemoFields(deps, new Date());
      logger.info(
        `Demo mission fields filled in: ${demo.missions.filled} missions, ${demo.missions.closed} closed, ${demo.missions.unbooked} without a trip number.`,
      );
      logger.info(`Demo statistics filled in: ${demo.statistics} records.`);
      logger.info(`Demo invoices priced for the billing check: ${JSON.stringify(demo.billing)}.`);
      logger.info(`Demo history written: ${await seedDemoHistory(database.db, new Date())} audit rows.`);
    }
  }
  // Background jobs, each run by whichever instance claims it in the database (decision 030): the Leon
  // poll, the sweeps of files nothing points to (statistics PDFs never recorded, incident attachments the
  // sync replaced) and the pruning of expired sessions, tokens, codes and old sent mail.
  const prune: Job = {
    name: 'prune',
    everyMs: 3600_000,
    async run() {
      const now = new Date();
      const auth = await pruneAuth(database.db, now);
      const mails = await pruneSentMail(database.db, now);
      const total = auth.refreshTokens + auth.sessions + auth.resetCodes + mails;
      return total
        ? `Pruned ${auth.sessions} sessions, ${auth.refreshTokens} refresh tokens, ${auth.resetCodes} reset codes, ${mails} sent mails.`
        : undefined;
    },
  };
  const jobs = startJobs(
    database.db,
    [
      pollJob(deps, config.leonPollMinutes),
      statisticsSweepJob(deps),
      incidentFilesSweepJob(deps),
      prune,
    ].filter((job): job is Job => job !== null),
  );
  const app = createApp(deps);
  if (config.env === 'production' && hasDevRoutes(app)) {
    logger.error(
      'Development routes (/dev/…) are reachable: refusing to start in production. ' +
        '(Des routes de développement sont accessibles : démarrage refusé en production.)',
    );
    process.exit(1);
  }
  const server = await listen(app.fetch, {
    port: config.port,
    host: config.host,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  logger.info(`API listening on http://${config.host}:${server.port}`);

  // SIGTERM/SIGINT: drain (health 503, in-flight requests finish, new ones still answered) for at most
  // SHUTDOWN_DEADLINE_MS, a running sync aborted and recorded, the mail in hand sent; then exit.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: draining (at most ${config.shutdownDeadlineMs} ms).`);
    shutdown.abort();
    // The running jobs (a poll's sync, aborted above) and the mail in hand get the same deadline as the
    // requests.
    const deadline = new Promise<void>((r) => setTimeout(r, config.shutdownDeadlineMs).unref());
    const [drained] = await Promise.all([
      server.drain(config.shutdownDeadlineMs),
      Promise.race([jobs.stop(), deadline]),
      Promise.race([relay?.stop(), deadline]),
    ]);
    if (drained.cut) logger.warn(`Shutdown deadline reached: ${drained.cut} request(s) cut off.`);
    await database.close();
    logger.info('API stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'API start failed');
  process.exit(1);
});
