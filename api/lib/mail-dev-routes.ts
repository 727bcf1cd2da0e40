// The mail outbox read over HTTP, for development and tests only: reset codes and welcome passwords
// without an SMTP server (decision 011). createApp mounts it only when NODE_ENV is development or test
// (config.devRoutes), never with NODE_ENV unset or production (decision 031), and a production start
// refuses an app that has it (hasDevRoutes, api/server.ts).
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { optional, type } from 'superstruct';
import { safeText } from '../../contract/validation';
import { outbox } from '../db/schema';
import type { AppEnv } from './context';
import { query } from './validate';

const OutboxQuery = type({ to: optional(safeText) });

export const devOutboxRoutes = new Hono<AppEnv>().get('/dev/outbox', async (c) => {
  const to = query(c, OutboxQuery).to?.toLowerCase();
  const rows = c.get('deps').db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
  return c.json({ data: await (to ? rows.where(eq(outbox.to, to)) : rows) });
});
