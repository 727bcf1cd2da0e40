// The typed calls of 'Mon compte' (contract/account.ts): the user's open sessions, paged for the shared
// table, and ending one or all the others.
import { ACCOUNT_PATHS, type OtherSessionsEnded, SESSIONS_PAGE_SIZE } from '../../contract/account';
import type { DataResponse } from '../../contract/http';
import { apiCall } from '../lib/api';

export const accountApi = {
  /** GET /account/sessions, paged, the most recently active first (read by usePagedList). */
  sessionsPath: ACCOUNT_PATHS.sessions,
  pageSize: SESSIONS_PAGE_SIZE,
  /** DELETE /account/sessions/:id: the session stops working at its next call. */
  endSession: async (id: string): Promise<void> => {
    await apiCall(ACCOUNT_PATHS.endSession(id), { method: 'DELETE' });
  },
  /** POST /account/sessions/end-others: every open session of the user but this one; how many ended. */
  endOtherSessions: async (): Promise<number> =>
    (await apiCall<DataResponse<OtherSessionsEnded>>(ACCOUNT_PATHS.endOtherSessions, { method: 'POST' })).data
      .ended,
};
