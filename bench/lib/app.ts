// The API app a benchmark calls in-process, on its database, with demo users signed in through it.
import { createApp } from '../../api/app';
import type { Database } from '../../api/db/client';
import { loadConfig } from '../../api/lib/config';
import { createMailer } from '../../api/lib/mail';

export function benchApp(database: Database) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789ab',
  });
  const app = createApp({
    db: database.db,
    config,
    mailer: createMailer({ db: database.db, from: 'x', log: () => {} }),
  });
  /** Signs a demo user in; answers the session's Cookie header. */
  async function signIn(email: string): Promise<string> {
    const login = await app.request('/auth/login', {
      method: 'POST',
      headers: { origin: config.publicOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo-2026!' }),
    });
    return login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return { app, config, signIn };
}
