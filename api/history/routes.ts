// GET /history/missions/:id and /history/statistics/:id (staff), GET /history/users/:id (ADMIN): a record's
// audited changes, newest first, paged (decision 036). HOSPITAL users are refused; nothing is written.
import { Hono } from 'hono';
import {
  HISTORY_MESSAGES,
  HISTORY_PAGE_SIZE,
  HISTORY_PATHS,
  type HistoryEntity,
  HistoryQuery,
} from '../../contract/history';
import { requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams } from '../lib/paging';
import { param, query } from '../lib/validate';
import { historyOf } from './service';

/** Hono's form of a path with an `:id` parameter. */
const route = (entity: HistoryEntity) => HISTORY_PATHS[entity](':id').replace('%3Aid', ':id');

const read = (entity: HistoryEntity) =>
  new Hono<AppEnv>().get(route(entity), requireUser(), async (c) => {
    const user = c.get('user');
    if (user.role === 'HOSPITAL') fail(403, HISTORY_MESSAGES.hospitalRefused);
    if (entity === 'user' && user.role !== 'ADMIN') fail(403, HISTORY_MESSAGES.userRefused);
    const id = param(c, 'id');
    const page = pageParams(query(c, HistoryQuery), HISTORY_PAGE_SIZE);
    return c.json({ data: await historyOf(c.get('deps').db, entity, id.toLowerCase(), page) });
  });

export const historyRoutes = new Hono<AppEnv>()
  .route('/', read('mission'))
  .route('/', read('statistic'))
  .route('/', read('user'));
