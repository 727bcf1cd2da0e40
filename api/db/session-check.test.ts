// The start-up check that the sync's session lock can hold (decision 030): a direct connection passes, a
// pooler in session mode passes, a pooler in transaction mode is refused with a message saying what to
// change. PostgreSQL only (PGlite is one session), through PgBouncer from Debian's package (installed by
// .ci/run), started here in front of the test server.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports';
import { checkSessionConnection, type Db } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;
const PGBOUNCER = '/usr/sbin/pgbouncer';

async function pooler(mode: 'session' | 'transaction'): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new URL(serverUrl!);
  const folder = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  chmodSync(folder, 0o777);
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(join(folder, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${join(folder, 'users.txt')}`,
      `pool_mode = ${mode}`,
      'default_pool_size = 4',
      'unix_socket_dir =',
      'ignore_startup_parameters = extra_float_digits,options',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER, [...asRoot, join(folder, 'pgbouncer.ini')], { stdio: 'ignore' });
  const url = new URL(serverUrl!);
  url.host = `127.0.0.1:${port}`;
  // Ready once it accepts a query.
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (tries > 100 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: url.toString(),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function check(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    return await checkSessionConnection(drizzle(pool) as unknown as Db);
  } finally {
    await pool.end();
  }
}

describe.runIf(serverUrl)('the session-connection check [postgres]', () => {
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('passes a direct connection and a session-mode pool', async () => {
    expect(await check(serverUrl!)).toEqual({ ok: true });
    const session = await pooler('session');
    stops.push(session.stop);
    expect(await check(session.url)).toEqual({ ok: true });
  });

  it('refuses a transaction-mode pooler, saying what to change', async () => {
    const transaction = await pooler('transaction');
    stops.push(transaction.stop);
    const answer = await check(transaction.url);
    expect(answer.ok).toBe(false);
    expect(answer.ok === false && answer.reason).toMatch(/transaction mode.*session-mode/);
  });
});
