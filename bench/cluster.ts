// `npm run bench cluster`: the production shape on one machine (issue 24, docs/deploy.md). HAProxy
// (Debian's package) in front of three API instances on one PostgreSQL database (a fresh one on
// BENCH_DATABASE_URL's server, dropped at the end), the Node edge in front of HAProxy, the Leon simulator
// polled every BENCH_POLL_MINUTES, and an SMTP server (smtp-server) recording every mail it receives.
// 100 virtual users (bench/lib/virtual-user.ts, the load mix of bench/load.ts) for BENCH_SECONDS (300),
// plus one administrator creating accounts (each a row and a welcome mail). At 2/5 of the run one API
// instance is killed with SIGKILL, at 3/5 it is started again. Prints requests, errors (and how many of
// them were answered while the killed instance was down), p50/p95/p99, sync runs per poll interval,
// mails queued vs received, and the accounts found afterwards against those the clients were told were
// created (none lost, none doubled). Figures only; nothing is asserted.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { Agent } from 'undici';
import { startLeonSimulator } from '../api/leon/simulator/server';
import { Cluster, haproxyOrExit } from './lib/cluster';
import { Figures } from './lib/timing';
import { runUsers, sleep, usersFor, VirtualUser } from './lib/virtual-user';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
/** Ten poll intervals in the run by default (30 s for 5 minutes). */
const POLL_MINUTES = Number(process.env.BENCH_POLL_MINUTES ?? SECONDS / 600);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const apiPorts = [3321, 3322, 3323];
const simPort = 4320;
const smtpPort = 2520;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789abcdef012345';

haproxyOrExit('cluster');

// ——— Figures ———

/** Errors by kind of answer (status and first words), counted. */
const errorKinds = new Map<string, number>();
/** When the killed instance was down (from the kill to its health check passing again). */
const outage = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
let errorsDuringOutage = 0;
const figures = new Figures((_kind, error) => {
  const now = Date.now();
  // An answer that ended within the outage (or a second after, for the requests started during it).
  if (now >= outage.from && now <= outage.to + 1000) errorsDuringOutage++;
  const what = error
    .replace(/<[^>]*>/g, ' ')
    .replace(/,?"requestId":"[^"]*"/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 70);
  errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1);
});

// ——— The run ———

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      for (const to of session.envelope.rcptTo) received.push(to.address.toLowerCase());
      callback();
    });
  },
});
await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
const sim = await startLeonSimulator({ port: simPort, apiKey: 'cluster-key', seed: 11, trips: TRIPS });
const agent = new Agent({ connections: USERS * 2, keepAliveTimeout: 4_000 });

const cluster = new Cluster({
  name: 'cluster',
  serverUrl,
  ports: { haproxy: 3320, edge: 8920, apis: apiPorts },
  apiEnv: {
    LEON_URL: sim.url,
    LEON_API_KEY: 'cluster-key',
    LEON_POLL_MINUTES: String(POLL_MINUTES),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Back-office <no-reply@bench.test>',
    METRICS_TOKEN,
  },
});
const { edge } = cluster;

try {
  await cluster.start();

  const context = { edge, agent, thinkMs: THINK_MS, record: figures.record };
  const users = usersFor(USERS, context);
  const admin = new VirtualUser('admin@demo.test', true, context);
  console.log(
    `${USERS} virtual users + 1 account creator through the edge → HAProxy → 3 API instances (built bundle) → ` +
      `one PostgreSQL database, for ${SECONDS} s; Leon polled every ${(POLL_MINUTES * 60).toFixed(0)} s; ` +
      `one instance killed (SIGKILL) at ${((SECONDS * 2) / 5).toFixed(0)} s and started again at ${((SECONDS * 3) / 5).toFixed(0)} s; ` +
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start`,
  );
  figures.measuring = true;
  const t0 = Date.now();
  const until = t0 + SECONDS * 1000;

  // The account creator: one account every 2 s; what the API answered is what the client believes.
  const acknowledged: string[] = [];
  const unanswered: string[] = [];
  const creator = (async () => {
    await admin.signIn();
    for (let n = 0; Date.now() < until; n++) {
      const email = `bench.${n}.${randomBytes(3).toString('hex')}@bench.test`;
      const answer = await admin.call<{ data: unknown }>('create', 'POST', '/api/user/create', {
        firstName: 'Bench',
        lastName: `Compte ${n}`,
        email,
        phone: '0102030405',
        role: 'OPERATION',
        hospitals: null,
      });
      (answer ? acknowledged : unanswered).push(email);
      await sleep(2000);
    }
  })();

  // The fault: kill -9 one instance at 2/5 of the run, start it again at 3/5.
  const fault = (async () => {
    await sleep((SECONDS * 1000 * 2) / 5);
    outage.from = Date.now();
    cluster.kill(1);
    await sleep((SECONDS * 1000) / 5);
    await cluster.startApi(1);
    outage.to = Date.now();
  })();

  await Promise.all([...runUsers(users, until), creator, fault]);
  const { elapsed, rate, errorTotal } = figures.finish(t0);
  console.log(
    `  ${rate} req/s over ${elapsed.toFixed(0)} s; errors ${errorTotal}, of which ${errorsDuringOutage} while the killed instance was down ` +
      `(${((outage.to - outage.from) / 1000).toFixed(0)} s, until its health check passed); ${errorTotal - errorsDuringOutage} at other times (goal 0)`,
  );
  for (const [what, n] of [...errorKinds].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  error ×${n}: ${what}`);

  // Let the relays deliver what is still queued (they retry every 30 s), then read the database.
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const queued = async () =>
    Number(
      (await client.query('select count(*) from outbox where sent_at is null and attempts < 8')).rows[0]
        .count,
    );
  for (let i = 0; i < 90 && (await queued()) > 0; i++) await sleep(1000);

  const runs = await client.query<{ kind: string; started_at: Date; status: string }>(
    'select kind, started_at, status from sync_runs where started_at >= $1 order by started_at',
    [new Date(t0)],
  );
  const intervalMs = POLL_MINUTES * 60_000;
  const polls = runs.rows.filter((r) => r.kind === 'poll');
  // The poll's slots follow its own schedule (the `jobs` row), not this run's start: each slot is counted
  // from the first run's start, half an interval either side.
  const first = polls[0]?.started_at.getTime() ?? t0;
  const perSlot = new Map<number, number>();
  for (const run of polls) {
    const slot = Math.round((run.started_at.getTime() - first) / intervalMs);
    perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
  }
  const slots = Math.floor((t0 + SECONDS * 1000 - first) / intervalMs) + 1;
  const counts = Array.from({ length: slots }, (_, i) => perSlot.get(i) ?? 0);
  const gaps = polls
    .slice(1)
    .map((run, i) => (run.started_at.getTime() - polls[i].started_at.getTime()) / 1000);
  const statuses = [...new Set(polls.map((p) => p.status))]
    .map((s) => `${s} ${polls.filter((p) => p.status === s).length}`)
    .join(', ');
  console.log(
    `  sync: ${polls.length} poll runs recorded in ${slots} slots of ${(intervalMs / 1000).toFixed(0)} s (${statuses || 'none'}); ` +
      `runs per slot: ${counts.join(' ')} (1 each is the goal with 3 instances); ` +
      `between two runs: ${gaps.length ? `${Math.min(...gaps).toFixed(1)}–${Math.max(...gaps).toFixed(1)} s` : 'n/a'}`,
  );
  const byInstance = await client.query<{ last_instance: string | null; runs: number }>(
    "select last_instance, runs from jobs where name = 'leon-poll'",
  );
  if (byInstance.rows[0])
    console.log(
      `  poll job row: ${byInstance.rows[0].runs} claims in all, the last by ${byInstance.rows[0].last_instance}`,
    );

  // Each instance's own count of the poll runs it tried, from its metrics (the killed one's restart on zero).
  const tried: string[] = [];
  for (const [i, port] of apiPorts.entries()) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then(
      (r) => r.text(),
      () => '',
    );
    const outcomes = [...text.matchAll(/^leon_sync_runs_total\{kind="poll",outcome="(\w+)"\} (\d+)/gm)]
      .map((m) => `${m[1]} ${m[2]}`)
      .join(', ');
    tried.push(`api${i}: ${outcomes || 'none'}`);
  }
  console.log(
    `  poll runs tried per instance (its /metrics; busy = another instance held the lock): ${tried.join('; ')}`,
  );

  const outbox = await client.query<{ to: string; sent: boolean }>(
    'select "to", sent_at is not null as sent from outbox',
  );
  const receivedBy = new Map<string, number>();
  for (const to of received) receivedBy.set(to, (receivedBy.get(to) ?? 0) + 1);
  const twice = [...receivedBy.values()].filter((n) => n > 1).length;
  const sentRows = outbox.rows.filter((r) => r.sent).length;
  const neverReceived = outbox.rows.filter((r) => r.sent && !receivedBy.has(r.to.toLowerCase())).length;
  console.log(
    `  mail: ${outbox.rows.length} queued, ${sentRows} marked sent, ${received.length} received by the SMTP server ` +
      `(${receivedBy.size} addresses; ${twice} received more than once, ${neverReceived} marked sent but not received)`,
  );

  const rows = await client.query<{ email: string; n: string }>(
    "select email, count(*) as n from users where email like '%@bench.test' group by email",
  );
  const stored = new Map(rows.rows.map((r) => [r.email, Number(r.n)]));
  const lost = acknowledged.filter((e) => !stored.has(e)).length;
  const doubled = [...stored.values()].filter((n) => n > 1).length;
  const unansweredStored = unanswered.filter((e) => stored.has(e)).length;
  const phantom = [...stored.keys()].filter(
    (e) => !acknowledged.includes(e) && !unanswered.includes(e),
  ).length;
  console.log(
    `  rows: ${acknowledged.length} accounts acknowledged by the API, ${stored.size} found; lost ${lost}, doubled ${doubled}, ` +
      `unknown ${phantom} (goal 0 each); ${unanswered.length} creations unanswered, of which ${unansweredStored} stored anyway`,
  );
  const welcome = acknowledged.filter((e) => receivedBy.get(e) === 1).length;
  console.log(
    `  welcome mails: ${welcome} of ${acknowledged.length} acknowledged accounts received exactly one`,
  );
  await client.end();
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  );
} finally {
  await cluster.stop();
  await sim.close();
  await agent.close();
  await new Promise<void>((r) => smtp.close(() => r()));
}
