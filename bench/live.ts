// `npm run bench live`: the change feed (GET /api/events, docs/decisions/059) under load, in the production
// shape on one machine (bench/lib/cluster.ts): HAProxy in front of three API instances of the built bundle
// on one fresh PostgreSQL database (BENCH_DATABASE_URL's server, dropped at the end), the Node edge in front.
// BENCH_STREAMS streams (1,000) are opened through the edge on the demo accounts: admin@ (ADMIN) 5 %,
// operation@ (OPERATION) 10 %, accounting@ (ACCOUNTING) 5 %, hopital@ (HOSPITAL, one hospital) 50 %,
// hopitaux@ (HOSPITAL, two hospitals) 30 %. So that they fit on five accounts, the instances run with
// LIVE_STREAMS_PER_USER raised to BENCH_STREAMS (4 in production: one user's tabs); LIVE_MAX_STREAMS keeps
// its default (2,000 an instance: the two left after the kill hold them all). Each stream behaves as the
// SPA's (bench/lib/live-stream.ts: Last-Event-ID and the same backoff after a break).
// The writes: BENCH_RATE a second (50) by staff (two ADMIN and two OPERATION sessions) through the edge,
// three mission edits (organs, cristal, meals) for one response to an incident, each on a record of its own
// among missions and incidents added for the run, spread over the five demo hospitals; first
// BENCH_BASELINE_SECONDS (20) with no stream open, then BENCH_SECONDS (60) with the streams open. At a third
// of that one API instance is killed (SIGKILL), at two thirds it is started again.
// Prints the commit-to-screen latency (from just before a write is sent, and from its answer, to each
// stream that should receive its event), the events lost and those leaked across hospitals (each stream's
// due worked out from the record's hospital, by the rules of api/live/scope.ts, against the live_events
// table), how long the killed instance's clients took to stream again, the memory an open stream costs
// (the API instances' RSS before and after opening them) and the writes' latency with the streams open
// against without; each beside its goal. Figures only; nothing is asserted.
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { Agent } from 'undici';
import { DEMO_ACCOUNTS, DEMO_HOSPITALS } from '../api/db/seed';
import { type Audience, visibleTo } from '../api/live/scope';
import type { Role } from '../contract/roles';
import { Cluster, haproxyOrExit } from './lib/cluster';
import { LiveStream } from './lib/live-stream';
import { cpuSeconds, rssBytes, signInCookies } from './lib/processes';
import { pct } from './lib/timing';
import { pick, sleep, VirtualUser } from './lib/virtual-user';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const apiPorts = [3331, 3332, 3333];
/** The instance killed and started again. */
const KILLED = 1;
const MIX: Array<[email: string, share: number]> = [
  ['admin@demo.test', 0.05],
  ['operation@demo.test', 0.1],
  ['accounting@demo.test', 0.05],
  ['hopital@demo.test', 0.5],
  ['hopitaux@demo.test', 0.3],
];
const WRITERS = ['admin@demo.test', 'operation@demo.test', 'admin@demo.test', 'operation@demo.test'];
const ORGANS = ['COEUR', 'FOIE', 'REINS', 'POUMONS', 'PANCREAS', 'COEUR,REINS'];

haproxyOrExit('live');

interface Viewer {
  id: string;
  email: string;
  role: Role;
  hospitals: string[];
}

/** A demo account as the feed sees it; `ids` gives each account's user id (for its sessions' events). */
function viewerOf(email: string, ids: Map<string, string>): Viewer {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return { id: ids.get(email) ?? '', email, role: account.role, hospitals: account.hospitals ?? [] };
}

/** A record written once in the run: its event is told apart by its entity and id. */
interface Written {
  entity: 'mission' | 'incident';
  id: string;
  hospital: string;
  phase: 'baseline' | 'streams';
  /** performance.now() just before the write was sent, and when its answer came. */
  sentAt: number;
  answeredAt: number;
  ok: boolean;
  /** When each stream that received its event received it. */
  deliveries: number[];
}

/** A row of live_events. */
interface EventRow {
  id: number;
  entity: string;
  entity_id: string | null;
  action: string;
  audience: Audience;
  hospitals: string[];
  owner: string | null;
}

const written = new Map<string, Written>();
const keyOf = (entity: string, id: string | null) => `${entity}:${id}`;

/**
 * Whether `viewer` should receive the event: for a record the bench wrote, by the record's own hospital
 * (a HOSPITAL user, only its hospitals'; staff, all); for any other event (a sign-in's, the seed's), by the
 * audience and hospitals the database gave it, through the feed's own rule.
 */
function due(row: EventRow, viewer: Viewer): boolean {
  const record = written.get(keyOf(row.entity, row.entity_id));
  if (record) return viewer.role !== 'HOSPITAL' || viewer.hospitals.includes(record.hospital);
  return visibleTo(
    {
      id: row.id,
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      audience: row.audience,
      hospitals: row.hospitals,
      owner: row.owner,
    },
    viewer,
  );
}

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);
const s1 = (v: number | undefined) => (v === undefined ? 'n/a' : `${(v / 1000).toFixed(1)} s`);
const spread = (values: number[], show = ms) =>
  `p50 ${show(pct(values, 50))}, p95 ${show(pct(values, 95))}, p99 ${show(pct(values, 99))}, max ${show(
    values.length ? values.reduce((a, b) => Math.max(a, b)) : undefined,
  )}`;

const cluster = new Cluster({
  name: 'live',
  serverUrl,
  ports: { haproxy: 3330, edge: 8930, apis: apiPorts },
  apiEnv: { LIVE_STREAMS_PER_USER: String(STREAMS), LEON_POLL_MINUTES: '0' },
  // Each stream the kill cuts logs a stack in the edge: counted, and printed once each at the end.
  stderr: 'count',
});
const { edge } = cluster;
const writeAgent = new Agent({ connections: 64, keepAliveTimeout: 4_000 });
const streamAgent = new Agent({ connections: null, keepAliveTimeout: 4_000 });
const streams: Array<{ stream: LiveStream; viewer: Viewer; running: Promise<void> }> = [];
const writeErrors = new Map<string, number>();
let client: pg.Client | null = null;

try {
  await cluster.start();
  client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const db = client;

  // ——— The records the writes change, one each: missions spread over the demo hospitals, and incidents
  // each of a mission of its own. ———
  const writes = Math.ceil(RATE * (BASELINE_SECONDS + SECONDS) * 1.05) + 20;
  const incidentCount = Math.ceil(writes / 4);
  const missionCount = writes;
  await db.query(
    `insert into missions (trip_number, status, buyer_name, departure_date_time, aircraft_type, organ_type)
     select 'LV-' || g, 'EN_ATTENTE', ($1::text[])[1 + g % cardinality($1::text[])],
       timestamptz '2026-12-01 08:00:00+00' + interval '10 minutes' * g, 'JET', array['COEUR']
     from generate_series(1, $2::int) g`,
    [DEMO_HOSPITALS, missionCount + incidentCount],
  );
  await db.query(
    `insert into mission_legs (mission_id, flight_nid, position, std_utc, sta_utc, adep_icao, adep_name, ades_icao, ades_name)
     select id, 7000000 + row_number() over (), 0, departure_date_time, departure_date_time + interval '80 minutes',
       'LFBD', 'Bordeaux-Mérignac', 'LFPG', 'Paris-Charles-de-Gaulle'
     from missions where trip_number like 'LV-%'`,
  );
  await db.query(
    `insert into incidents (leon_report_nid, report_number, trip_number, declared_at, category, title, description,
       cause, leon_status, status, leon_updated_at)
     select 7000000 + g, 'LV-R-' || g, 'LV-' || ($1::int + g), now(), 'Technique', 'Incident ' || g,
       'Incident du banc d''essai', 'Aucune', 'OPEN', 'OPEN', now()
     from generate_series(1, $2::int) g`,
    [missionCount, incidentCount],
  );
  const missionRows = await db.query<{ id: string; hospital: string }>(
    `select id, buyer_name as hospital from missions
     where trip_number like 'LV-%' and substring(trip_number from 4)::int <= $1
     order by substring(trip_number from 4)::int`,
    [missionCount],
  );
  const incidentRows = await db.query<{ id: string; hospital: string }>(
    `select i.id, m.buyer_name as hospital from incidents i join missions m on m.trip_number = i.trip_number
     where i.report_number like 'LV-R-%' order by i.leon_report_nid`,
  );
  let nextMission = 0;
  let nextIncident = 0;
  let writeCount = 0;
  /** The next record to write: three missions, then an incident. */
  const nextRecord = (phase: Written['phase']): Written => {
    const incident = writeCount++ % 4 === 3;
    const row = incident ? incidentRows.rows[nextIncident++] : missionRows.rows[nextMission++];
    const record: Written = {
      entity: incident ? 'incident' : 'mission',
      id: row.id,
      hospital: row.hospital,
      phase,
      sentAt: 0,
      answeredAt: 0,
      ok: false,
      deliveries: [],
    };
    written.set(keyOf(record.entity, record.id), record);
    return record;
  };

  // ——— The writers ———
  const context = {
    edge,
    agent: writeAgent,
    thinkMs: 0,
    record: (_kind: string, _ms: number, error?: string) => {
      if (!error) return;
      const what = error.replace(/,?"requestId":"[^"]*"/, '').slice(0, 90);
      writeErrors.set(what, (writeErrors.get(what) ?? 0) + 1);
    },
  };
  const writers = WRITERS.map((email) => new VirtualUser(email, true, context));
  for (const writer of writers) await writer.signIn();
  writeErrors.clear();

  const write = async (writer: VirtualUser, record: Written, n: number) => {
    record.sentAt = performance.now();
    const answer =
      record.entity === 'mission'
        ? await writer.call('edit', 'PUT', '/api/missions/edit/', {
            id: record.id,
            numberOfCristal: 1 + (n % 9000),
            astonStatus: 'EN_ATTENTE',
            organType: pick(ORGANS),
            aircraftType: 'JET',
            numberOfMeals: n % 4,
            isWithIcing: false,
            isWithOCS: n % 2 === 0,
          })
        : await writer.call('respond', 'PUT', `/api/incidents/details/${record.id}`, {
            response: `Action proposée n° ${n} : vérifier la glacière avant le départ.`,
          });
    record.answeredAt = performance.now();
    record.ok = answer !== null;
  };
  /** RATE writes a second for `seconds`, each sent on time whatever the others' answers (an open loop). */
  const writeFor = async (seconds: number, phase: Written['phase']) => {
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < Math.round(seconds * RATE); i++) {
      const wait = t0 + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(write(writers[i % writers.length], nextRecord(phase), i));
    }
    await Promise.all(pending);
  };

  console.log(
    `${STREAMS} streams through the edge → HAProxy → 3 API instances (built bundle) → one PostgreSQL database ` +
      `(${MIX.map(([email, share]) => `${email} ${Math.round(share * STREAMS)}`).join(', ')}; ` +
      `LIVE_STREAMS_PER_USER=${STREAMS}); ${RATE} writes/s (3 mission edits for 1 incident response) for ` +
      `${BASELINE_SECONDS} s with no stream open, then ${SECONDS} s with the streams open; api${KILLED} killed ` +
      `(SIGKILL) at ${(SECONDS / 3).toFixed(0)} s and started again at ${((SECONDS * 2) / 3).toFixed(0)} s; ` +
      `${cpus().length} CPU cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at start`,
  );

  // ——— Phase 1: the writes with no stream open ———
  await writeFor(BASELINE_SECONDS, 'baseline');
  await sleep(2000);
  const apiPids = apiPorts.map((_, i) => cluster.child(`api${i}`)?.pid);
  const edgePid = cluster.child('edge')?.pid;
  const rssBefore = apiPids.map(rssBytes);
  const edgeBefore = rssBytes(edgePid);

  // ——— The streams, opened 50 at a time ———
  const userIds = new Map(
    (await db.query<{ email: string; id: string }>('select email, id::text as id from users')).rows.map(
      (r) => [r.email, r.id] as const,
    ),
  );
  const sessions = new Map<string, string>();
  for (const [email] of MIX) sessions.set(email, await signInCookies(`${edge}/api/auth/login`, edge, email));
  const accounts: string[] = [];
  for (const [email, share] of MIX)
    for (let i = 0; i < Math.round(share * STREAMS); i++) accounts.push(email);
  while (accounts.length < STREAMS) accounts.push(MIX[MIX.length - 1][0]);
  accounts.length = STREAMS;
  let lastDeliveryAt = 0;
  let rssFirst = rssBefore;
  let firstCount = 0;
  const openStart = performance.now();
  for (let from = 0; from < STREAMS; from += 50) {
    const batch = accounts.slice(from, from + 50).map((email) => {
      const stream = new LiveStream({
        url: `${edge}/api/events`,
        cookie: sessions.get(email) ?? '',
        agent: streamAgent,
        onChange: (_id, change, at) => {
          written.get(keyOf(change.entity, change.id))?.deliveries.push(at);
          lastDeliveryAt = at;
        },
      });
      const entry = { stream, viewer: viewerOf(email, userIds), running: stream.run() };
      streams.push(entry);
      return stream.ready;
    });
    await Promise.race([Promise.all(batch), sleep(30_000)]);
    if (from === 0) {
      // The first streams also start each instance's feed (its listening connection, its timers).
      await sleep(2000);
      rssFirst = apiPids.map(rssBytes);
      firstCount = streams.length;
    }
  }
  const openSeconds = (performance.now() - openStart) / 1000;
  const opened = streams.filter((s) => s.stream.readyAt !== null);
  const toReady = opened.map((s) => (s.stream.readyAt ?? 0) - openStart);
  await sleep(3000);
  const rssAfter = apiPids.map(rssBytes);
  const edgeAfter = rssBytes(edgePid);
  const openFailures = new Map<string, number>();
  for (const { stream } of streams)
    for (const [why, n] of stream.failures) openFailures.set(why, (openFailures.get(why) ?? 0) + n);

  // ——— Phase 2: the writes with the streams open; an instance killed and started again ———
  const cpuOf = () => ({
    apis: apiPids.map(cpuSeconds),
    edge: cpuSeconds(edgePid),
    haproxy: cpuSeconds(cluster.child('haproxy')?.pid),
    bench: process.cpuUsage(),
  });
  const cpuStart = cpuOf();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const phaseStart = performance.now();
  const fault = { killAt: 0, restartedAt: 0, healthyAt: 0 };
  const faulty = (async () => {
    await sleep((SECONDS * 1000) / 3);
    fault.killAt = performance.now();
    cluster.kill(KILLED);
    await sleep((SECONDS * 1000) / 3);
    fault.restartedAt = performance.now();
    await cluster.startApi(KILLED);
    fault.healthyAt = performance.now();
  })();
  await Promise.all([writeFor(SECONDS, 'streams'), faulty]);
  const writesDoneAt = performance.now();
  const phaseSeconds = (performance.now() - phaseStart) / 1000;
  lag.disable();
  const cpuEnd = cpuOf();

  // ——— What each stream is due, from the events the database wrote (every write is answered by now) ———
  const startIds = opened.map((s) => s.stream.startId ?? 0);
  const rows = (
    await db.query<EventRow>(
      'select id::int as id, entity, entity_id, action, audience, hospitals, owner::text as owner from live_events where id > $1 order by id',
      [Math.min(...startIds, Number.MAX_SAFE_INTEGER)],
    )
  ).rows;
  const dueCounts = opened.map(
    ({ stream, viewer }) => rows.filter((row) => row.id > (stream.startId ?? 0) && due(row, viewer)).length,
  );
  // Until every stream has had as many events as it is due, or nothing has come for 15 s (at most 180 s).
  const drainStart = performance.now();
  const receivedAll = () => opened.reduce((n, s) => n + s.stream.ids.length, 0);
  for (let last = -1, lastChange = drainStart; performance.now() - drainStart < 180_000; ) {
    const now = receivedAll();
    if (opened.every((s, i) => s.stream.streaming && s.stream.ids.length >= dueCounts[i])) break;
    if (now !== last) [last, lastChange] = [now, performance.now()];
    else if (performance.now() - lastChange > 15_000) break;
    await sleep(250);
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  for (const { stream } of streams) stream.stop();
  await Promise.all(streams.map((s) => s.running));

  const maxId = rows.length ? rows[rows.length - 1].id : 0;
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const cutFrom = fault.killAt;
  const cutUntil = fault.killAt + 15_000;
  const isCut = (stream: LiveStream) => stream.breaks.some((b) => b.at >= cutFrom && b.at <= cutUntil);
  let dueTotal = 0;
  let lostCut = 0;
  let lostOther = 0;
  let leaked = 0;
  let outside = 0;
  let outOfOrder = 0;
  let resyncs = 0;
  const ends = new Map<string, number>();
  for (const { stream, viewer } of opened) {
    const received = new Set(stream.ids);
    outOfOrder += stream.outOfOrder;
    resyncs += stream.resyncs;
    for (const [reason, n] of stream.ends) ends.set(reason, (ends.get(reason) ?? 0) + n);
    for (const row of rows) {
      if (row.id <= (stream.startId ?? 0) || !due(row, viewer)) continue;
      dueTotal++;
      if (!received.has(row.id)) {
        if (isCut(stream)) lostCut++;
        else lostOther++;
      }
    }
    for (const id of received) {
      const row = rowById.get(id);
      if (!row || due(row, viewer)) continue;
      const record = written.get(keyOf(row.entity, row.entity_id));
      if (viewer.role === 'HOSPITAL' && (record || row.hospitals.length)) leaked++;
      else outside++;
    }
  }
  const eventKeys = new Set(rows.map((r) => keyOf(r.entity, r.entity_id)));
  const phaseRecords = [...written.values()].filter((r) => r.phase === 'streams');
  const withoutEvent = phaseRecords.filter((r) => r.ok && !eventKeys.has(keyOf(r.entity, r.id))).length;

  // ——— Figures ———
  console.log(
    `  streams open: ${opened.length} of ${STREAMS} in ${openSeconds.toFixed(1)} s (time to 'ready' since the first ` +
      `was asked: ${spread(toReady, s1)}); tries that failed: ${
        [...openFailures].map(([why, n]) => `${why} ×${n}`).join(', ') || 'none'
      }`,
  );
  const okRecords = phaseRecords.filter((r) => r.ok);
  const fromSend = okRecords.flatMap((r) => r.deliveries.map((at) => at - r.sentAt));
  const fromAnswer = okRecords.flatMap((r) => r.deliveries.map((at) => at - r.answeredAt));
  const cutStreams = opened.filter((s) => isCut(s.stream));
  const lastBack = Math.max(
    0,
    ...cutStreams.map((s) => s.stream.breaks.find((b) => b.at >= cutFrom)?.back ?? Number.POSITIVE_INFINITY),
  );
  const calm = okRecords.filter((r) => r.sentAt < fault.killAt || r.sentAt > lastBack);
  const calmFromSend = calm.flatMap((r) => r.deliveries.map((at) => at - r.sentAt));
  console.log(
    `  commit-to-screen, from just before the write is sent: ${spread(fromSend)} over ${fromSend.length} ` +
      `deliveries (${(fromSend.length / phaseSeconds).toFixed(0)}/s) (goal p95 ≤ 1,000 ms)`,
  );
  console.log(`  commit-to-screen, from the write's answer: ${spread(fromAnswer)}`);
  console.log(
    `  commit-to-screen, writes sent outside the outage (before the kill, or after the last cut stream was back): ` +
      `${spread(calmFromSend)}`,
  );
  console.log(
    `  events lost: ${lostCut + lostOther} of ${dueTotal} due (goal 0): ${lostCut} on the ${cutStreams.length} streams ` +
      `cut by the kill, ${lostOther} on the others; leaked across hospitals: ${leaked} (goal 0); other events ` +
      `received outside their scope: ${outside}; received twice or out of order: ${outOfOrder}; resyncs: ${resyncs}; ` +
      `acknowledged writes without an event: ${withoutEvent}; events up to id ${maxId}, the last one received ` +
      `${((lastDeliveryAt - writesDoneAt) / 1000).toFixed(1)} s after the last write was answered (waited ` +
      `${drainSeconds.toFixed(1)} s more: until every stream had its due, 15 s without an event, or 180 s)`,
  );
  const backAfterKill = cutStreams.map(
    (s) => (s.stream.breaks.find((b) => b.at >= cutFrom)?.back ?? Number.POSITIVE_INFINITY) - fault.killAt,
  );
  const backAfterBreak = cutStreams.map((s) => {
    const b = s.stream.breaks.find((x) => x.at >= cutFrom);
    return (b?.back ?? Number.POSITIVE_INFINITY) - (b?.at ?? 0);
  });
  const otherBreaks = opened.reduce(
    (n, s) => n + s.stream.breaks.filter((b) => b.at < cutFrom || b.at > cutUntil).length,
    0,
  );
  console.log(
    `  killed instance's clients: ${cutStreams.length} streams cut; streaming again (their 'ready') after the kill: ` +
      `${spread(backAfterKill, s1)} (goal ≤ 5 s, nothing missed: ${lostCut} missed); after they saw the break: ` +
      `${spread(backAfterBreak, s1)}; not back: ${backAfterKill.filter((v) => !Number.isFinite(v)).length}; ` +
      `api${KILLED} healthy ${s1(fault.healthyAt - fault.restartedAt)} after its start; other breaks: ${otherBreaks}; ` +
      `streams ended by the server: ${[...ends].map(([r, n]) => `${r} ×${n}`).join(', ') || 'none'}`,
  );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const kbEach = (bytes: number, count: number) => `${(bytes / Math.max(1, count) / 1024).toFixed(1)} kB`;
  console.log(
    `  memory per open stream: API instances' RSS ${rssBefore.map(mb).join(' + ')} → ${rssAfter.map(mb).join(' + ')}, ` +
      `${kbEach(sum(rssAfter) - sum(rssBefore), opened.length)} a stream (goal ≤ 50 kB); past the first ` +
      `${firstCount} (which also start each instance's feed): ${kbEach(sum(rssAfter) - sum(rssFirst), opened.length - firstCount)} ` +
      `a stream; the edge's ${mb(edgeBefore)} → ${mb(edgeAfter)}, ${kbEach(edgeAfter - edgeBefore, opened.length)} a stream`,
  );
  const latencies = (records: Written[]) => records.filter((r) => r.ok).map((r) => r.answeredAt - r.sentAt);
  const failed = (records: Written[]) => records.filter((r) => !r.ok).length;
  const baseline = [...written.values()].filter((r) => r.phase === 'baseline');
  const beforeKill = phaseRecords.filter((r) => r.sentAt < fault.killAt);
  const [b95, k95] = [pct(latencies(baseline), 95), pct(latencies(beforeKill), 95)];
  const line = (label: string, records: Written[]) =>
    `${label}: p50 ${ms(pct(latencies(records), 50))}, p95 ${ms(pct(latencies(records), 95))} ` +
    `(${records.length} writes, ${failed(records)} failed)`;
  console.log(
    `  writes, ${line('no stream open', baseline)}; ${line('streams open, before the kill', beforeKill)}, ` +
      `p95 ${(k95 / b95).toFixed(2)}× that with no stream (goal ≤ 1.10×); ${line('streams open, the whole phase (kill included)', phaseRecords)}`,
  );
  for (const [what, n] of [...writeErrors].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  write error ×${n}: ${what}`);
  const share = (seconds: number) => `${((seconds / phaseSeconds) * 100).toFixed(0)} %`;
  const perDelivery = (seconds: number) =>
    `${((seconds / Math.max(1, fromSend.length)) * 1e6).toFixed(0)} µs`;
  const used = {
    apis: apiPids.map((_, i) => cpuEnd.apis[i] - cpuStart.apis[i]),
    edge: cpuEnd.edge - cpuStart.edge,
    haproxy: cpuEnd.haproxy - cpuStart.haproxy,
    bench: (cpuEnd.bench.user + cpuEnd.bench.system - cpuStart.bench.user - cpuStart.bench.system) / 1e6,
  };
  const apiShares = used.apis.map((seconds, i) =>
    i === KILLED ? `api${i} (killed) n/a` : `api${i} ${share(seconds)}`,
  );
  console.log(
    `  CPU over the streams phase (share of one core; per event delivered): ${apiShares.join(', ')}; ` +
      `edge ${share(used.edge)}, ${perDelivery(used.edge)}; HAProxy ${share(used.haproxy)}, ${perDelivery(used.haproxy)}; ` +
      `this process (the ${STREAMS} clients and the writers) ${share(used.bench)}, ${perDelivery(used.bench)}; its ` +
      `event loop's delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
  );
  for (const [line, n] of cluster.stderrCounts().slice(0, 8)) console.log(`  stderr ×${n} ${line}`);
} finally {
  for (const { stream } of streams) stream.stop();
  await client?.end().catch(() => {});
  await cluster.stop();
  await writeAgent.close();
  await streamAgent.destroy();
}
