// 'Mon compte' (issue 52): the signed-in user's own sessions, whatever their role. Each route reads only
// the caller's sessions: another user's session id is answered as an unknown one (404).
import { Hono } from 'hono';
import { ACCOUNT_MESSAGES, SESSIONS_PAGE_SIZE } from '../../contract/account';
import { PageQuery } from '../../contract/validation';
import { clearSessionCookies, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { param, query } from '../lib/validate';
import { endOtherSessions, endSession, listSessions } from './service';

export const accountRoutes = new Hono<AppEnv>()
  .get('/account/sessions', requireUser(), async (c) => {
    const page = pageParams(query(c, PageQuery), SESSIONS_PAGE_SIZE);
    const { rows, total } = await listSessions(c.get('deps'), c.get('user'), page);
    return c.json({ data: toPage(rows, total, page.pageSize) });
  })
  .post('/account/sessions/end-others', requireUser(), async (c) => {
    const ended = await endOtherSessions(c.get('deps'), c.get('user'));
    return c.json({ data: { ended }, message: ACCOUNT_MESSAGES.otherSessionsEnded(ended) });
  })
  .delete('/account/sessions/:id', requireUser(), async (c) => {
    const id = param(c, 'id');
    const me = c.get('user');
    if (!(await endSession(c.get('deps'), me, id))) fail(404, ACCOUNT_MESSAGES.sessionNotFound);
    // Ending the current session signs this tab out, as 'Déconnexion' does.
    if (id === me.sessionId) clearSessionCookies(c, c.get('deps').config);
    return c.json({ data: { id, current: id === me.sessionId }, message: ACCOUNT_MESSAGES.sessionEnded });
  });
