// In production the API answers the edge only (issue 24, decision 031): a request without the edge's
// secret is refused before any work, so that nobody reaching the API's address directly skips the edge's
// body limits, headers and client address. The health check stays open to the load balancer, and the
// metrics to the Prometheus that scrapes each instance inside the network (they have their own token).
import { createMiddleware } from 'hono/factory';
import { EDGE_SECRET_HEADER } from '../../contract/http';
import { isEdgeSecret } from './client-ip';
import type { AppEnv } from './context';

export const EDGE_ONLY_MESSAGE = 'Accès refusé : ce service ne répond qu’au site du back-office.';

/** Paths answered without the edge's secret. */
const OPEN_PATHS = new Set(['/health', '/metrics']);

export const edgeOnly = (edgeSecret: string) =>
  createMiddleware<AppEnv>(async function edgeOnlyHandler(c, next) {
    if (!OPEN_PATHS.has(c.req.path) && !isEdgeSecret(c.req.header(EDGE_SECRET_HEADER), edgeSecret))
      return c.json({ message: EDGE_ONLY_MESSAGE }, 403);
    await next();
  });
