// The API as one Hono app, its routes at the root (the edge strips `/api`). Dependencies are given, so
// tests build it on a fresh database and a clock of their own.
import { Hono } from 'hono';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { crewAndFleetRoutes } from './crew-and-fleet';
import { dashboardRoutes } from './dashboard';
import { ping } from './db/client';
import { factorRoutes } from './factors';
import { historyRoutes } from './history';
import { incidentsRoutes } from './incidents';
import { invoicesRoutes } from './invoices';
import { bodyLimits } from './lib/body-limit';
import type { AppEnv, Deps } from './lib/context';
import { csrf } from './lib/csrf';
import { edgeOnly } from './lib/edge-only';
import { notFound, onError } from './lib/errors';
import { answerHeaders, decodablePath } from './lib/http-guards';
import { type Logger, logger } from './lib/log';
import { MAX_DELIVERY_ATTEMPTS } from './lib/mail';
import { devOutboxRoutes } from './lib/mail-dev-routes';
import { isMetricsToken, METRICS_CONTENT_TYPE, metricsText } from './lib/metrics';
import { observe } from './lib/observe';
import { fileStoreFromConfig } from './lib/storage';
import type { InputObserver } from './lib/validate';
import { liveRoutes } from './live';
import { missionsRoutes } from './missions';
import { pricesRoutes } from './prices';
import { statisticsRoutes } from './statistics';
import { syncRoutes } from './sync';
import { meRoutes, usersRoutes } from './users';

export const SHUTTING_DOWN = 'Le serveur s’arrête : réessayez dans un instant.';

/** Whether `app` serves development routes (`/dev/…`): a production start refuses to go on if so. */
export const hasDevRoutes = (app: Hono<AppEnv>) => app.routes.some((route) => route.path.startsWith('/dev/'));

const METRICS_REFUSED = 'Jeton des métriques manquant ou invalide';

/**
 * The app on `deps`; `log` replaces the process logger, and `onValidate` is told of every input schema a
 * route reads (the route fuzz test learns the routes' schemas so; nothing else gives one).
 */
export function createApp(
  deps: Omit<Deps, 'now' | 'files'> & {
    now?: () => Date;
    files?: Deps['files'];
    log?: Logger;
    onValidate?: InputObserver;
  },
): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const { log = logger, onValidate, ...rest } = deps;
  const full: Deps = { ...rest, now, files: deps.files ?? fileStoreFromConfig(deps.config, now, deps.db) };
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound(notFound);
  app.use(observe(log));
  app.use(answerHeaders());
  app.use(async (c, next) => {
    c.set('deps', full);
    if (onValidate) c.set('onValidate', onValidate);
    await next();
    c.header('Cache-Control', 'no-store');
  });
  if (full.config.env === 'production') {
    // Loaded config guarantees it in production; checked here too so that no caller builds an open one.
    if (!full.config.edgeSecret) throw new Error('EDGE_SECRET is required in production');
    app.use(edgeOnly(full.config.edgeSecret));
  }
  app.use(decodablePath());
  app.use(csrf({ publicOrigin: full.config.publicOrigin }));
  app.use(bodyLimits());

  app.get('/health', async (c) => {
    // Stopping (SIGTERM): the load balancer sends new work elsewhere while in-flight requests finish.
    if (full.shutdown?.aborted) return c.json({ message: SHUTTING_DOWN }, 503);
    try {
      await ping(full.db);
      return c.json({ data: { status: 'ok' } });
    } catch {
      return c.json({ message: 'Base de données indisponible' }, 503);
    }
  });
  // Prometheus scrapes each instance directly (the edge never forwards it); 404 without METRICS_TOKEN.
  app.get('/metrics', async (c) => {
    const token = full.config.metricsToken;
    if (!token) return notFound(c);
    if (!isMetricsToken(c.req.header('authorization'), token))
      return c.json({ message: METRICS_REFUSED }, 401, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await metricsText(full.db, MAX_DELIVERY_ATTEMPTS), 200, {
      'Content-Type': METRICS_CONTENT_TYPE,
    });
  });
  // Every feature's routes, each under the paths its contract names.
  const features = [
    authRoutes,
    accountRoutes,
    factorRoutes,
    meRoutes,
    usersRoutes,
    missionsRoutes,
    syncRoutes,
    pricesRoutes,
    incidentsRoutes,
    invoicesRoutes,
    statisticsRoutes,
    crewAndFleetRoutes,
    billingRoutes,
    dashboardRoutes,
    historyRoutes,
    liveRoutes,
  ];
  for (const routes of features) app.route('/', routes);
  // The local file store's signed URLs (PUT/GET /files/<token>); an S3 bucket serves its own.
  if (full.files.routes) app.route('/', full.files.routes);

  // Development and tests only (NODE_ENV set to one of them); never with NODE_ENV unset or production.
  if (full.config.devRoutes) app.route('/', devOutboxRoutes);
  return app;
}
