// A virtual user of the load benchmarks (bench/load.ts, bench/cluster.ts), visiting as a user would:
// sign in, read who they are, then in a loop with a think time (×0.5–1.5): the counts, a list with
// filters, a mission's details and, one action in ten, an edit of that mission (staff) — signing out and
// in again every 20 actions. Each call is timed and given to `record` (its kind, ms, and an error if any).
import { type Agent, request } from 'undici';

export const PASSWORD = 'Demo-2026!';
export const STAFF = ['admin@demo.test', 'operation@demo.test'];
export const HOSPITAL = 'hopital@demo.test';
const CATEGORIES = ['requested', 'inProgress', 'completed', 'closed', 'canceled'] as const;
const EDITABLE = ['requested', 'inProgress', 'completed'] as const;
const ORGANS = ['COEUR', 'FOIE', 'REINS', 'POUMONS', 'PANCREAS'];

interface MissionRow {
  id: string;
  status: string;
  aircraftType: string;
}

export interface UserContext {
  /** The edge's origin, e.g. http://127.0.0.1:8910. */
  edge: string;
  agent: Agent;
  thinkMs: number;
  record: (kind: string, ms: number, error?: string) => void;
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mix of four staff users (ADMIN, OPERATION) for one hospital user. */
export const usersFor = (count: number, context: UserContext) =>
  Array.from({ length: count }, (_, i) =>
    i % 5 === 4 ? new VirtualUser(HOSPITAL, false, context) : new VirtualUser(STAFF[i % 2], true, context),
  );

export class VirtualUser {
  private cookies = new Map<string, string>();
  private lastMission: MissionRow | null = null;
  private lastCategory: string | null = null;

  constructor(
    readonly email: string,
    readonly staff: boolean,
    private readonly context: UserContext,
  ) {}

  async call<T>(kind: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const { edge, agent, record } = this.context;
    const headers: Record<string, string> = { origin: edge };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    try {
      const response = await request(`${edge}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      const setCookie = response.headers['set-cookie'];
      for (const c of [setCookie ?? []].flat()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
        if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const text = await response.body.text();
      const ms = performance.now() - t0;
      if (response.statusCode >= 400) {
        record(kind, ms, `${response.statusCode} ${text.slice(0, 120)}`);
        return null;
      }
      record(kind, ms);
      return (text ? JSON.parse(text) : null) as T;
    } catch (error) {
      record(kind, performance.now() - t0, (error as Error).message);
      return null;
    }
  }

  async signIn(): Promise<void> {
    this.cookies.clear();
    await this.call('sign-in', 'POST', '/api/auth/login', { email: this.email, password: PASSWORD });
    await this.call('user/me', 'GET', '/api/user/me');
  }

  async counts(): Promise<void> {
    if (this.staff) await this.call('counts', 'GET', '/api/leon/records-count');
    else await this.call('hospitals', 'GET', '/api/missions/hospitals');
  }

  async list(): Promise<void> {
    const category = pick(this.staff ? CATEGORIES : CATEGORIES.filter((c) => c !== 'canceled'));
    const params = new URLSearchParams({ status: category, pageSize: String(pick([10, 20, 50])) });
    const r = Math.random();
    if (r < 0.25) params.set('search', pick(['TR', '2026', 'Bordeaux', '1', 'CHU']));
    else if (r < 0.5) {
      params.set('startDate', '2026-09-01');
      params.set('endDate', '2026-12-31');
    } else if (r < 0.6) params.set('pageNumber', '2');
    const page = await this.call<{ data: { rows: MissionRow[] } }>('list', 'GET', `/api/missions?${params}`);
    const rows = page?.data.rows ?? [];
    if (rows.length) {
      this.lastMission = pick(rows);
      this.lastCategory = category;
    }
  }

  /** The mission's details (its legs); answers the mission of the list row it was opened from. */
  async details(): Promise<MissionRow | null> {
    if (!this.lastMission) await this.list();
    const mission = this.lastMission;
    if (!mission) return null;
    const legs = await this.call('details', 'GET', `/api/missions/details/${mission.id}`);
    return legs ? mission : null;
  }

  async edit(): Promise<void> {
    if (!this.lastCategory || !(EDITABLE as readonly string[]).includes(this.lastCategory)) {
      const params = new URLSearchParams({ status: pick(EDITABLE), pageSize: '20' });
      const page = await this.call<{ data: { rows: MissionRow[] } }>(
        'list',
        'GET',
        `/api/missions?${params}`,
      );
      if (!page?.data.rows.length) return;
      this.lastMission = pick(page.data.rows);
      this.lastCategory = params.get('status');
    }
    const mission = await this.details();
    if (!mission) return;
    await this.call('edit', 'PUT', '/api/missions/edit/', {
      id: mission.id,
      numberOfCristal: 1 + Math.floor(Math.random() * 9000),
      astonStatus: mission.status,
      organType: pick(ORGANS),
      aircraftType: mission.aircraftType,
      numberOfMeals: Math.floor(Math.random() * 4),
      isWithIcing: false,
      isWithOCS: Math.random() < 0.5,
    });
  }

  async run(until: number): Promise<void> {
    const think = () => sleep(this.context.thinkMs * (0.5 + Math.random()));
    while (Date.now() < until) {
      await this.signIn();
      await think();
      for (let action = 0; action < 20 && Date.now() < until; action++) {
        const r = Math.random();
        if (r < 0.1 && this.staff) await this.edit();
        else if (r < 0.3) await this.counts();
        else if (r < 0.65) await this.list();
        else await this.details();
        await think();
      }
      await this.call('sign-out', 'POST', '/api/auth/logout');
    }
  }
}

/**
 * Runs every user until `until` (a time in ms), the users arriving over the first 10 s (or tenth of the
 * run) rather than all in the same millisecond; one promise per user.
 */
export function runUsers(users: VirtualUser[], until: number): Promise<void>[] {
  const ramp = Math.min(10_000, (until - Date.now()) / 10);
  return users.map((user, i) => sleep((ramp * i) / users.length).then(() => user.run(until)));
}
