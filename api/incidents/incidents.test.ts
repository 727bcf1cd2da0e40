// Incidents on PGlite and PostgreSQL: Leon's safety reports brought by the sync run with their attachments
// copied into the file storage (a copy that fails is reported and tried again), the list and the records
// with signed links, HOSPITAL scoping (404 for another hospital's), staff-only audited writes, bad input
// answered 4xx in French with nothing changed, and two validations at once.
import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { editConflictMessage } from '../../contract/conflicts';
import type { IncidentRecord, IncidentRow, IncidentSyncReport } from '../../contract/incidents';
import { INCIDENT_MESSAGES } from '../../contract/incidents';
import type { SyncResult } from '../../contract/missions';
import type { SyncRunRow } from '../../contract/sync';
import {
  auditLog,
  incidentAttachments,
  incidentSyncState,
  incidents,
  missions,
  syncRuns,
} from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { type Caller, ORIGIN, refusal, signedIn, testApp, testLeon } from '../test/harness';
import { sweepIncidentFiles } from './files';

const HOUR = 3600_000;
type Page = { data: { rows: IncidentRow[]; pageCount: number }; message?: string };
type Records = { data: IncidentRecord[]; message?: string };
type One = { data: IncidentRecord; message?: string };

describeEachDatabase('Incidents', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  // No generated trips: the tests add the trips and reports they talk about (plus the one generated
  // report that names no trip).
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 3, trips: 0 });
  let t: ReturnType<typeof testApp>;
  let ops: Caller;
  let admin: Caller;
  let hospital: Caller;
  const flown = (client: string) => {
    const std = new Date(clock.now - 30 * HOUR).toISOString();
    const sta = new Date(clock.now - 29 * HOUR).toISOString();
    return sim.addTrip({
      status: 'CONFIRMED',
      client,
      legs: [{ from: 'LFBD', to: 'LFPG', std, sta, blockOff: std, blockOn: sta }],
    });
  };
  const later = (ms: number) => {
    clock.now += ms;
    t.clock.now = new Date(clock.now);
  };
  const sync = async () => {
    const answer = await ops.put<{ data: SyncResult; message?: string }>('/leon/synchronize-data');
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data.incidents as IncidentSyncReport;
  };
  const byNumber = async (reportNumber: string) =>
    (await database().db.select().from(incidents).where(eq(incidents.reportNumber, reportNumber)))[0];
  const missionId = async (tripNumber: string) =>
    (await database().db.select().from(missions).where(eq(missions.tripNumber, tripNumber)))[0].id;
  const audits = async (id: string) =>
    (await database().db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, id)))[0].n;
  /** Follows a signed link of the local file store through the API, as the browser does via the edge. */
  const follow = (url: string) => t.app.request(url.replace(`${ORIGIN}/api`, ''));

  let own: { tripNumber: string };
  let other: { tripNumber: string };
  let ownReport: number;
  let otherReport: number;
  let closedReport: number;
  let brokenFile: number;

  beforeAll(async () => {
    await seedDemo(database().db);
    // Syncs the cases run as one user: not the limit of manual syncs (api/sync/manual-limit.test.ts).
    t = testApp(database().db, { LEON_MANUAL_SYNCS: '0' }, leon);
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test', { ip: '203.0.113.20' });
    admin = await signedIn(t.app, 'admin@demo.test', { ip: '203.0.113.21' });
    hospital = await signedIn(t.app, 'hopital@demo.test', { ip: '203.0.113.22' });
    own = flown(DEMO_HOSPITALS[0]);
    other = flown(DEMO_HOSPITALS[1]);
    ownReport = sim.addReport({
      tripNumber: own.tripNumber,
      reportDateUTC: new Date(clock.now - 20 * HOUR).toISOString(),
      category: 'Sécurité des vols',
      title: 'Impact aviaire',
      description: 'Oiseau sur le bord d’attaque.',
      presumedCauses: 'Volatiles en bout de piste.',
      attachments: [{ fileName: 'Rapport équipage.pdf' }, { fileName: 'photo.png', kind: 'png' }],
    }).safetyReportNid;
    otherReport = sim.addReport({
      tripNumber: other.tripNumber,
      reportDateUTC: new Date(clock.now - 10 * HOUR).toISOString(),
      title: 'Glacière non sanglée',
      attachments: [{ fileName: 'constat.pdf' }],
    }).safetyReportNid;
    const closed = sim.addReport({
      tripNumber: own.tripNumber,
      reportDateUTC: new Date(clock.now - 40 * 24 * HOUR).toISOString(),
      status: 'CLOSED',
      title: 'Retard ambulance',
      correctiveAction: 'Procédure d’appel revue.',
      attachments: [],
    });
    closedReport = closed.safetyReportNid;
    const broken = sim.addReport({
      tripNumber: other.tripNumber,
      reportDateUTC: new Date(clock.now - 5 * HOUR).toISOString(),
      title: 'Porte cargo',
      attachments: [{ fileName: 'porte.pdf' }],
    });
    brokenFile = broken.attachments[0].attachmentNid;
    sim.breakAttachment(brokenFile, 1);
  });

  describe('the sync run', () => {
    it('brings every report, copies the attachments and reports the copy that failed', async () => {
      const report = await sync();
      expect(report.failure).toBeNull();
      expect(report.created).toBe(sim.reports().length);
      expect(report.skippedReports).toEqual([]);
      expect(report.pendingAttachments).toEqual([
        {
          reportNumber: sim.reports().find((r) => r.attachments[0]?.attachmentNid === brokenFile)!
            .reportNumber,
          fileName: 'porte.pdf',
          reason: 'Copie impossible : Leon a répondu 503',
        },
      ]);
      const [run] = await database().db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt)).limit(1);
      expect(run.incidents?.pendingAttachments).toHaveLength(1);
      // The admin reads it on the runs' list.
      const runs = await admin.get<{ data: { rows: SyncRunRow[] } }>('/leon/sync-runs');
      expect(runs.body.data.rows[0].incidents?.pendingAttachments).toEqual(report.pendingAttachments);
      const files = await database().db.select().from(incidentAttachments);
      expect(files.filter((f) => f.storageKey !== null)).toHaveLength(report.attachmentsCopied);
      for (const f of files.filter((f) => f.storageKey !== null))
        expect(await t.files.head(f.storageKey as string)).not.toBeNull();
    });

    it('copies the failed attachment at the next run, never dropping it', async () => {
      later(60_000);
      const report = await sync();
      expect(report.pendingAttachments).toEqual([]);
      expect(report.attachmentsCopied).toBe(1);
      const [row] = await database()
        .db.select()
        .from(incidentAttachments)
        .where(eq(incidentAttachments.leonAttachmentNid, brokenFile));
      expect(row.storageKey).not.toBeNull();
      expect(row.attempts).toBe(2);
    });

    it('takes Leon’s changes incrementally, and changes nothing when run again', async () => {
      later(60_000);
      sim.changeReport(otherReport, { title: 'Glacière non sanglée au décollage' });
      const report = await sync();
      expect(report).toMatchObject({ created: 0, updated: 1, deleted: 0 });
      later(60_000);
      expect(await sync()).toMatchObject({ created: 0, updated: 0, deleted: 0, attachmentsCopied: 0 });
    });

    it('leaves the copy of a file Leon no longer lists to the sweep, which removes it once', async () => {
      const added = sim.addReport({
        tripNumber: own.tripNumber,
        reportDateUTC: new Date(clock.now - 2 * HOUR).toISOString(),
        title: 'Chariot mal arrimé',
        attachments: [{ fileName: 'chariot.pdf' }, { fileName: 'arrimage.png', kind: 'png' }],
      });
      later(2_000);
      await sync();
      const copies = async () =>
        (await database().db.select().from(incidentAttachments)).filter((row) => row.storageKey !== null);
      const dropped = (await copies()).find((row) => row.fileName === 'arrimage.png')!;
      expect(dropped).toBeDefined();
      const report = sim.reports().find((r) => r.safetyReportNid === added.safetyReportNid)!;
      report.attachments = report.attachments.filter((a) => a.fileName !== 'arrimage.png');
      sim.changeReport(added.safetyReportNid, {});
      later(2_000);
      expect(await sync()).toMatchObject({ updated: 1 });
      const kept = await copies();
      expect(kept.map((row) => row.fileName)).not.toContain('arrimage.png');
      expect(await t.files.head(dropped.storageKey!)).not.toBeNull();
      const sweep = () => sweepIncidentFiles({ db: database().db, files: t.files });
      // Copies younger than a day are kept (a run copies before it writes).
      expect((await sweep()).deleted).toEqual([]);
      // The store dates its files by the real clock: a day after them, the orphan goes, once.
      const testNow = t.clock.now;
      t.clock.now = new Date(Date.now() + 25 * HOUR);
      try {
        expect((await sweep()).deleted).toEqual([dropped.storageKey]);
        expect((await sweep()).deleted).toEqual([]);
      } finally {
        t.clock.now = testNow;
      }
      expect(await t.files.head(dropped.storageKey!)).toBeNull();
      for (const row of kept) expect(await t.files.head(row.storageKey!)).not.toBeNull();
      // Leon deletes the report again: the tests below read the incidents they set up, and only those.
      sim.deleteReport(added.safetyReportNid);
      later(2_000);
      expect(await sync()).toMatchObject({ deleted: 1 });
    });

    it('keeps a report whose mission is unknown, shown without a mission number', async () => {
      const generated = sim.reports().find((r) => r.tripNumber === null)!;
      const row = await byNumber(generated.reportNumber);
      expect(row).toBeDefined();
      const list = await admin.get<Page>('/incidents?pageSize=100');
      const shown = list.body.data.rows.find((r) => r.id === row.id)!;
      expect(shown).toMatchObject({ tripNumber: null, missionId: null, hospital: null });
      const records = await admin.get<Records>(`/incidents/details/${row.id}`);
      expect(records.status).toBe(200);
      expect(records.body.data.map((r) => r.id)).toEqual([row.id]);
    });

    it('takes Leon’s closed status and corrective action when a report arrives closed', async () => {
      const row = (
        await database().db.select().from(incidents).where(eq(incidents.leonReportNid, closedReport))
      )[0];
      expect(row).toMatchObject({ status: 'CLOSED', response: 'Procédure d’appel revue.' });
    });
  });

  describe('reading', () => {
    it('lists newest first with the spec’s row fields, 20 a page', async () => {
      const list = await ops.get<Page>('/incidents');
      expect(list.status).toBe(200);
      const rows = list.body.data.rows;
      expect(rows.length).toBe(sim.reports().length);
      const dates = rows.map((r) => r.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(rows[0]).toEqual({
        id: expect.any(String),
        missionId: await missionId(other.tripNumber),
        tripNumber: other.tripNumber,
        status: 'OPEN',
        createdAt: expect.any(String),
        hospital: DEMO_HOSPITALS[1],
        incidentCategory: 'Sécurité des vols',
        title: 'Porte cargo',
      });
      const paged = await ops.get<Page>('/incidents?pageSize=2&pageNumber=2');
      expect(paged.body.data.rows).toHaveLength(2);
      expect(paged.body.data.pageCount).toBe(Math.ceil(rows.length / 2));
    });

    it('filters by mission number, status and declared period (Paris days)', async () => {
      const search = await ops.get<Page>(`/incidents?search=${own.tripNumber}`);
      expect(search.body.data.rows.map((r) => r.title).sort()).toEqual([
        'Impact aviaire',
        'Retard ambulance',
      ]);
      const closed = await ops.get<Page>('/incidents?status=CLOSED');
      expect(closed.body.data.rows.every((r) => r.status === 'CLOSED')).toBe(true);
      expect(closed.body.data.rows.map((r) => r.title)).toContain('Retard ambulance');
      const day = new Date(clock.now - 40 * 24 * HOUR).toISOString().slice(0, 10);
      const period = await ops.get<Page>(`/incidents?startDate=${day}&endDate=${day}`);
      expect(period.body.data.rows.map((r) => r.title)).toEqual(['Retard ambulance']);
    });

    it('answers a mission’s records with short-lived signed links to the copied files', async () => {
      const records = await ops.get<Records>(`/incidents/details/${await missionId(own.tripNumber)}`);
      expect(records.status).toBe(200);
      expect(records.body.data.map((r) => r.title)).toEqual(['Impact aviaire', 'Retard ambulance']);
      const [first] = records.body.data;
      expect(first).toMatchObject({
        tripNumber: own.tripNumber,
        incidentCategory: 'Sécurité des vols',
        description: 'Oiseau sur le bord d’attaque.',
        cause: 'Volatiles en bout de piste.',
        response: null,
        status: 'OPEN',
      });
      expect(first.filesUrls.map((f) => f.name)).toEqual(['Rapport équipage.pdf', 'photo.png']);
      const pdf = await follow(first.filesUrls[0].path);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toMatch(/^inline/);
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      // The link expires.
      later(10 * 60_000);
      expect((await follow(first.filesUrls[0].path)).status).toBe(403);
    });

    it('gives the menu’s open count to staff only', async () => {
      const open = (await database().db.select().from(incidents)).filter(
        (r) => r.status === 'OPEN' && r.deletedAt === null,
      ).length;
      const answer = await ops.get<{ data: { open: number } }>('/incidents/open-count');
      expect(answer.body.data.open).toBe(open);
      expect((await hospital.get('/incidents/open-count')).status).toBe(403);
    });
  });

  describe('HOSPITAL', () => {
    it('reads its own hospital’s incidents only', async () => {
      const list = await hospital.get<Page>('/incidents');
      expect(list.status).toBe(200);
      expect(new Set(list.body.data.rows.map((r) => r.hospital))).toEqual(new Set([DEMO_HOSPITALS[0]]));
      const records = await hospital.get<Records>(`/incidents/details/${await missionId(own.tripNumber)}`);
      expect(records.body.data).toHaveLength(2);
    });

    it('gets 404 for another hospital’s mission or incident, and for one without a mission', async () => {
      const theirs = await hospital.get<Records>(`/incidents/details/${await missionId(other.tripNumber)}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(INCIDENT_MESSAGES.notFound);
      const incident = (
        await database().db.select().from(incidents).where(eq(incidents.leonReportNid, otherReport))
      )[0];
      expect((await hospital.get(`/incidents/details/${incident.id}`)).status).toBe(404);
      const orphan = sim.reports().find((r) => r.tripNumber === null)!;
      expect(
        (await hospital.get(`/incidents/details/${(await byNumber(orphan.reportNumber)).id}`)).status,
      ).toBe(404);
    });

    it('may not propose or validate (403), even on its own incidents', async () => {
      const incident = (
        await database().db.select().from(incidents).where(eq(incidents.leonReportNid, ownReport))
      )[0];
      expect((await hospital.put(`/incidents/details/${incident.id}`, { response: 'Non' })).status).toBe(403);
      expect((await hospital.put(`/incidents/validate/${incident.id}`)).status).toBe(403);
      expect((await byNumber(incident.reportNumber)).response).toBeNull();
    });
  });

  describe('proposing and validating', () => {
    let id: string;
    beforeAll(async () => {
      id = (await database().db.select().from(incidents).where(eq(incidents.leonReportNid, ownReport)))[0].id;
    });

    it('refuses to validate without a proposed action (409)', async () => {
      const answer = await ops.put(`/incidents/validate/${id}`, { response: 'Rien' });
      expect(answer).toMatchObject(refusal(409, INCIDENT_MESSAGES.noResponse));
    });

    it.each([
      ['empty', { response: '' }, 400, INCIDENT_MESSAGES.required],
      ['blank', { response: ' \n\t ' }, 400, INCIDENT_MESSAGES.required],
      ['missing', {}, 400, INCIDENT_MESSAGES.required],
      ['not text', { response: 12 }, 400, INCIDENT_MESSAGES.required],
      ['too long', { response: 'a'.repeat(5001) }, 400, INCIDENT_MESSAGES.tooLong],
      ['1 MB', { response: 'a'.repeat(1024 * 1024) }, 413, 'La requête est trop volumineuse.'],
    ])('refuses a response %s in French, changing nothing', async (_, input, status, message) => {
      const before = await byNumber(
        (await database().db.select().from(incidents).where(eq(incidents.id, id)))[0].reportNumber,
      );
      const auditsBefore = await audits(id);
      const answer = await ops.put(`/incidents/details/${id}`, input);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(await byNumber(before.reportNumber)).toEqual(before);
      expect(await audits(id)).toBe(auditsBefore);
    });

    it('answers 404 for an unknown incident', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await ops.put(`/incidents/details/${unknown}`, { response: 'x' })).status).toBe(404);
      expect((await ops.put(`/incidents/validate/${unknown}`, { response: 'x' })).status).toBe(404);
      expect((await ops.get(`/incidents/details/${unknown}`)).status).toBe(404);
    });

    it('saves a trimmed action, HTML kept as text, audited; it may be proposed again', async () => {
      const html = '  <script>alert(1)</script><b>Revoir</b> la check-list  ';
      const answer = await ops.put<One>(`/incidents/details/${id}`, { response: html });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ response: html.trim(), status: 'OPEN' });
      const again = await admin.put<One>(`/incidents/details/${id}`, {
        response: 'Rappel de la check-list cabine',
      });
      expect(again.body.data.response).toBe('Rappel de la check-list cabine');
      const rows = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'incident.respond')));
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => (r.after as { response: string }).response)).toContain(html.trim());
    });

    it('validates only the action the validator read: another one proposed meanwhile is a 409', async () => {
      const seen = 'Rappel de la check-list cabine';
      const auditsBefore = await audits(id);
      // ADMIN proposes another action after OPERATION read the incident.
      expect(
        (await admin.put(`/incidents/details/${id}`, { response: 'Changer de fournisseur' })).status,
      ).toBe(200);
      expect(await ops.put(`/incidents/validate/${id}`, { response: seen })).toMatchObject(
        refusal(409, INCIDENT_MESSAGES.changed),
      );
      // Saying nothing of what was read is refused too.
      expect(await ops.put(`/incidents/validate/${id}`, {})).toMatchObject(
        refusal(400, INCIDENT_MESSAGES.seenRequired),
      );
      const row = (await database().db.select().from(incidents).where(eq(incidents.id, id)))[0];
      expect(row).toMatchObject({ status: 'OPEN', response: 'Changer de fournisseur', validatedBy: null });
      expect(await audits(id)).toBe(auditsBefore + 1);
      expect((await admin.put(`/incidents/details/${id}`, { response: seen })).status).toBe(200);
    });

    it('saves on the version read and bumps it; a stale version is a 409 naming the change, nothing changed (decision 064)', async () => {
      const seen = 'Rappel de la check-list cabine';
      const stored = async () =>
        (await database().db.select().from(incidents).where(eq(incidents.id, id)))[0];
      const { version } = await stored();
      const records = await ops.get<Records>(`/incidents/details/${await missionId(own.tripNumber)}`);
      expect(records.body.data.find((r) => r.id === id)?.version).toBe(version);
      // A second on: the newest audit row is ADMIN's (rows of one instant have no order between them).
      later(1000);
      const proposed = await admin.put<One>(`/incidents/details/${id}`, {
        response: 'Former l’équipage',
        version,
      });
      expect(proposed).toMatchObject({ status: 200, body: { data: { version: version + 1 } } });
      const before = await stored();
      const auditsBefore = await audits(id);
      const conflict = editConflictMessage(
        'incident',
        { actor: 'Claire Dubois', at: t.clock.now },
        t.clock.now,
      );
      expect(conflict).toMatch(
        /^Cet incident a été modifié entre-temps \(par Claire Dubois à \d\d:\d\d\) : /,
      );
      expect(await ops.put(`/incidents/details/${id}`, { response: 'Autre', version })).toMatchObject(
        refusal(409, conflict),
      );
      expect(
        await ops.put(`/incidents/validate/${id}`, { response: 'Former l’équipage', version }),
      ).toMatchObject(refusal(409, conflict));
      expect(await stored()).toEqual(before);
      expect(await audits(id)).toBe(auditsBefore);
      // Without a version, unchecked.
      const unchecked = await admin.put<One>(`/incidents/details/${id}`, { response: seen });
      expect(unchecked).toMatchObject({
        status: 200,
        body: { data: { response: seen, version: version + 2 } },
      });
      // A validation on the current version closes the incident.
      const [door] = await database().db.select().from(incidents).where(eq(incidents.title, 'Porte cargo'));
      const open = await ops.put<One>(`/incidents/details/${door.id}`, { response: 'Vérifier le verrou' });
      const validated = await ops.put<One>(`/incidents/validate/${door.id}`, {
        response: 'Vérifier le verrou',
        version: open.body.data.version,
      });
      expect(validated).toMatchObject({
        status: 200,
        body: { data: { status: 'CLOSED', version: open.body.data.version + 1 } },
      });
    });

    it('validates once: of two validations at once one wins and the other gets 409', async () => {
      const seen = { response: 'Rappel de la check-list cabine' };
      const [first, second] = await Promise.all([
        ops.put<One>(`/incidents/validate/${id}`, seen),
        admin.put<One>(`/incidents/validate/${id}`, seen),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body.message).toBe(INCIDENT_MESSAGES.closed);
      const row = (await database().db.select().from(incidents).where(eq(incidents.id, id)))[0];
      expect(row.status).toBe('CLOSED');
      expect(
        await database()
          .db.select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'incident.validate'))),
      ).toHaveLength(1);
    });

    it('refuses a new action on a closed incident, and keeps it closed when Leon sends it again', async () => {
      const answer = await ops.put(`/incidents/details/${id}`, { response: 'Autre' });
      expect(answer).toMatchObject(refusal(409, INCIDENT_MESSAGES.closed));
      later(60_000);
      sim.changeReport(ownReport, { description: 'Oiseau sur le bord d’attaque gauche.' });
      expect((await sync()).updated).toBe(1);
      expect((await database().db.select().from(incidents).where(eq(incidents.id, id)))[0]).toMatchObject({
        status: 'CLOSED',
        description: 'Oiseau sur le bord d’attaque gauche.',
        response: 'Rappel de la check-list cabine',
      });
    });

    it('drops a report Leon deleted from the list', async () => {
      later(60_000);
      await ops.login('operation@demo.test');
      sim.deleteReport(otherReport);
      expect((await sync()).deleted).toBe(1);
      const list = await ops.get<Page>('/incidents?pageSize=100');
      expect(list.body.data.rows.map((r) => r.title)).not.toContain('Glacière non sanglée au décollage');
    });
  });
});

describeEachDatabase('Incident sync failures', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const { sim, leon } = testLeon({ now: () => clock.now, seed: 5, trips: 0 });
  const faults = { refuse: false, badReport: false };
  // Leon as the run sees it: the real client, with a safety-report scope it may lack and a report it may
  // send in a shape we cannot map.
  const source = {
    flightsBetween: leon.flightsBetween,
    departuresBetween: leon.departuresBetween,
    modifiedSince: leon.modifiedSince,
    tripsByNumber: leon.tripsByNumber,
    attachment: leon.attachment,
    async safetyReportsBetween(start: Date, end: Date) {
      if (faults.refuse) await leon.graphql('query { nothing }');
      return leon.safetyReportsBetween(start, end);
    },
    async modifiedSafetyReportsSince(timestamp: number) {
      if (faults.refuse) await leon.graphql('query { nothing }');
      const answer = await leon.modifiedSafetyReportsSince(timestamp);
      return faults.badReport
        ? {
            ...answer,
            reports: answer.reports.slice(1),
            failures: [
              {
                reportNid: 1,
                reportNumber: 'SR-X',
                message: 'Données Leon inattendues : champ reportDateUTC absent (rapport SR-X).',
              },
            ],
          }
        : answer;
    },
  };
  let t: ReturnType<typeof testApp>;
  let ops: Caller;
  const sync = async () => {
    const answer = await ops.put<{ data: SyncResult; message?: string }>('/leon/synchronize-data');
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data;
  };
  const stamp = async () => (await database().db.select().from(incidentSyncState))[0]?.lastTimestamp ?? null;

  beforeAll(async () => {
    await seedDemo(database().db);
    // Syncs the cases run as one user: not the limit of manual syncs (api/sync/manual-limit.test.ts).
    t = testApp(database().db, { LEON_MANUAL_SYNCS: '0' }, source);
    t.clock.now = new Date(clock.now);
    ops = await signedIn(t.app, 'operation@demo.test', { ip: '203.0.113.30' });
  });

  it('syncs the missions when Leon refuses the safety reports, and says why on the run', async () => {
    faults.refuse = true;
    sim.addTrip({ kind: 'confirmed' });
    const result = await sync();
    expect(result.created).toBe(1);
    expect(result.incidents?.failure).toMatch(/^Leon a (refusé la requête|répondu par une erreur)/);
    expect(await stamp()).toBeNull();
    faults.refuse = false;
  });

  it('reports a report it cannot map and asks Leon for it again at the next run', async () => {
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    const first = await sync();
    expect(first.incidents?.failure).toBeNull();
    const held = await stamp();
    expect(held).not.toBeNull();
    sim.addReport({ title: 'Un' });
    sim.addReport({ title: 'Deux' });
    faults.badReport = true;
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    const second = await sync();
    expect(second.incidents?.skippedReports).toEqual([
      {
        reportNid: 1,
        reportNumber: 'SR-X',
        reason: 'Données Leon inattendues : champ reportDateUTC absent (rapport SR-X).',
      },
    ]);
    expect(second.incidents?.created).toBe(1);
    expect(await stamp()).toBe(held);
    faults.badReport = false;
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    const third = await sync();
    expect(third.incidents).toMatchObject({ created: 1, skippedReports: [] });
    expect(await stamp()).not.toBe(held);
  });

  it('copies at most 50 files a run (Leon’s quota); the others wait, reported, for the next runs', async () => {
    sim.addReport({
      title: 'Beaucoup de photos',
      attachments: Array.from({ length: 55 }, (_, i) => ({
        fileName: `photo-${i}.png`,
        kind: 'png' as const,
      })),
    });
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    const first = await sync();
    expect(first.incidents?.attachmentsCopied).toBe(50);
    expect(first.incidents?.pendingAttachments).toHaveLength(5);
    expect(first.incidents?.pendingAttachments[0].reason).toBe('Copie en attente');
    clock.now += 60_000;
    t.clock.now = new Date(clock.now);
    const second = await sync();
    expect(second.incidents).toMatchObject({ attachmentsCopied: 5, pendingAttachments: [] });
  });
});
