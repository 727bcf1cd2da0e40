// Price tables (requirements §7 'Prices'; architecture.md §5): ADMIN, OPERATION and ACCOUNTING read; ADMIN alone adds
// and edits, each write audited. The same three routes for each of the five tables.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Struct } from 'superstruct';
import {
  PRICE_MESSAGES,
  PRICE_PATHS,
  PRICE_SCHEMAS,
  PRICES_PAGE_SIZE,
  TEXT_MAX,
} from '../../contract/prices';
import { STAFF_ROLES } from '../../contract/roles';
import { PageQuery } from '../../contract/validation';
import { requireRole, requireRoles, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams } from '../lib/paging';
import { body, query } from '../lib/validate';
import { type AnyPriceTableDef, createPrice, editPrice, listPrices, PRICE_TABLE_DEFS } from './service';

const readers = requireRoles(...STAFF_ROLES);
// A price body is a few hundred bytes; anything much larger is refused before it is read.
const writers = [
  requireUser(),
  requireRole('ADMIN'),
  bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ message: PRICE_MESSAGES.bodyTooLarge }, 413) }),
] as const;

/** `path` and, for a path written with a trailing slash or without, the other spelling too. */
const spellings = (path: string) => [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];

export const pricesRoutes = new Hono<AppEnv>();

for (const def of Object.values(PRICE_TABLE_DEFS) as AnyPriceTableDef[]) {
  const paths = PRICE_PATHS[def.name];
  // biome-ignore lint/suspicious/noExplicitAny: the schema that matches `def`, whatever its fields
  const schemas = PRICE_SCHEMAS[def.name] as { create: Struct<any, any>; edit: Struct<any, any> };

  pricesRoutes.get(paths.list, ...readers, async (c) => {
    const page = pageParams(query(c, PageQuery), PRICES_PAGE_SIZE);
    if (page.search.length > TEXT_MAX) fail(400, PRICE_MESSAGES.searchTooLong);
    return c.json({ data: await listPrices(c.get('deps').db, def, page) });
  });

  for (const path of spellings(paths.create)) {
    pricesRoutes.post(path, ...writers, async (c) => {
      const input = await body(c, schemas.create);
      const { db, now } = c.get('deps');
      const row = await createPrice({ db, actorId: c.get('user').id, now: now() }, def, input);
      return c.json({ data: row }, 201);
    });
  }

  for (const path of spellings(paths.edit)) {
    pricesRoutes.put(path, ...writers, async (c) => {
      const input = await body(c, schemas.edit);
      const { db, now } = c.get('deps');
      const row = await editPrice({ db, actorId: c.get('user').id, now: now() }, def, input);
      return c.json({ data: row });
    });
  }
}
