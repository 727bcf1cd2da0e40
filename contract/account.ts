// 'Mon compte' (issue 52): what the signed-in user manages of their own account. Here, their open sessions
// (ASVS 4.0 V3.3.4): each listed with its browser, system, first and last activity and shortened address,
// and ended one by one or all but the current one; an ended session stops working at its next call.

export const ACCOUNT_PATHS = {
  sessions: '/account/sessions',
  endSession: (id: string) => `/account/sessions/${encodeURIComponent(id)}`,
  endOtherSessions: '/account/sessions/end-others',
} as const;

/** Sessions listed per page (a user rarely has more than a few open). */
export const SESSIONS_PAGE_SIZE = 20;

export const ACCOUNT_MESSAGES = {
  sessionNotFound: 'Session introuvable ou déjà terminée',
  sessionEnded: 'Session déconnectée',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'Aucune autre session ouverte'
      : count === 1
        ? 'Une autre session déconnectée'
        : `${count} autres sessions déconnectées`,
  unknownBrowser: 'Navigateur inconnu',
  unknownSystem: 'Système inconnu',
} as const;

/** One open session of the signed-in user, as 'Mon compte' lists it. */
export interface SessionRow {
  id: string;
  /** The browser and its major version, from the user-agent ('Chrome 131'), or 'Navigateur inconnu'. */
  browser: string;
  /** The operating system ('Windows 10', 'iOS 18.1'), or 'Système inconnu'. */
  system: string;
  /** ISO instants: the sign-in, and the last renewal of the session (at most 15 minutes old while in use). */
  createdAt: string;
  lastSeenAt: string;
  /** The client's address shortened at sign-in ('203.0.113.x', '2001:db8:85a3::/48'), or null. */
  address: string | null;
  /** The session of the request that lists them. */
  current: boolean;
}

/** The answer of ending the other sessions: how many were ended. */
export interface OtherSessionsEnded {
  ended: number;
}
