// A record's history (decision 036) on PGlite and PostgreSQL: staff read a mission's and a statistic's,
// ADMIN a user's, newest first, paged, 'Leon' for the sync's changes, values as on screen; HOSPITAL is
// refused everywhere, OPERATION and ACCOUNTING on users; bad ids get a French 4xx; a GET writes nothing;
// the demo leaves entries on every record of the three kinds.
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { HISTORY_MESSAGES, HISTORY_PATHS, type HistoryEntry } from '../../contract/history';
import type { Page } from '../../contract/http';
import { INPUT_MESSAGES } from '../../contract/validation';
import { auditLog, missions, statistics, users } from '../db/schema';
import { seedDemoMissions } from '../missions';
import { seedDemoStatistics } from '../statistics';
import { runSync } from '../sync';
import { describeEachDatabase } from '../test/databases';
import { type Caller, refusal, seededTestApp, signedIn, testLeon } from '../test/harness';
import { seedDemoHistory } from './demo';

type HistoryPage = { data: Page<HistoryEntry> };

describeEachDatabase('history', (database) => {
  const clock = { now: Date.parse('2026-03-10T09:00:00Z') };
  const { leon } = testLeon({ now: () => clock.now, seed: 5, trips: 14 });
  const t = seededTestApp(database, { leon });
  let admin: Caller;
  let ops: Caller;
  let accounting: Caller;
  let hospital: Caller;
  let missionId: string;
  let statisticId: string;
  let userId: string;
  const audits = async () => (await database().db.select({ n: count() }).from(auditLog))[0].n;

  beforeAll(async () => {
    t.clock.now = new Date(clock.now);
    await runSync({ db: database().db, source: leon, now: () => new Date(clock.now) }, 'synchronize', null);
    admin = await signedIn(t.app, 'admin@demo.test');
    ops = await signedIn(t.app, 'operation@demo.test');
    accounting = await signedIn(t.app, 'accounting@demo.test');
    hospital = await signedIn(t.app, 'hopital@demo.test');
    const [first] = await database()
      .db.select()
      .from(missions)
      .where(eq(missions.status, 'PROGRAMMEE'))
      .orderBy(asc(missions.departureDateTime));
    missionId = first.id;
    const [record] = await database().db.select().from(statistics).orderBy(asc(statistics.id));
    statisticId = record.id;
    userId = (await database().db.select().from(users).where(eq(users.email, 'hopital@demo.test')))[0].id;
  });

  it("reads a mission's changes newest first: staff's edit by name, Leon's creation as 'Leon'", async () => {
    t.clock.now = new Date(clock.now + 5 * 60_000);
    const edited = await ops.put('/missions/edit/', {
      id: missionId,
      numberOfCristal: 4512,
      astonStatus: 'PROGRAMMEE',
      organType: 'COEUR,REINS',
      aircraftType: 'JET',
      numberOfMeals: 2,
      isWithIcing: false,
      isWithOCS: true,
      airportDeIcing: [],
    });
    expect(edited.status).toBe(200);
    const answer = await accounting.get<HistoryPage>(HISTORY_PATHS.mission(missionId));
    expect(answer.status).toBe(200);
    const [edit, creation] = answer.body.data.rows;
    expect(answer.body.data.pageCount).toBe(1);
    expect(edit).toMatchObject({ actor: 'Julien Moreau', action: 'Modification', when: '10/03/2026 10:05' });
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'Nombre de cristals', before: '-', after: '4512' },
        { field: 'Organes', before: '-', after: 'Cœur, Reins' },
        { field: 'Plateaux repas', before: '-', after: '2' },
        { field: 'OCS', before: '-', after: 'Oui' },
      ]),
    );
    expect(edit.changes.map((c) => c.field)).not.toContain('Statut');
    expect(creation).toMatchObject({
      actor: 'Leon',
      action: 'Création depuis Leon',
      when: '10/03/2026 10:00',
    });
    expect(creation.changes).toContainEqual({ field: 'Statut', before: '-', after: 'Programmée' });
  });

  it("reads a statistic's status change with the statuses' French labels, paged", async () => {
    for (const flightStatus of ['EDITED', 'INVOICE_SENT', 'PAID']) {
      t.advance(60_000);
      expect(
        (await accounting.put('/statistic/change-status', { selectedIds: [statisticId], flightStatus }))
          .status,
      ).toBe(200);
    }
    const first = await ops.get<HistoryPage>(`${HISTORY_PATHS.statistic(statisticId)}?pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.pageCount).toBe(2);
    expect(first.body.data.rows.map((r) => r.changes)).toEqual([
      [{ field: 'Statut facture vol', before: 'Facture transmise', after: 'Payée' }],
      [{ field: 'Statut facture vol', before: 'Éditée', after: 'Facture transmise' }],
    ]);
    expect(first.body.data.rows[0]).toMatchObject({
      actor: 'Sophie Laurent',
      action: 'Changement de statut',
    });
    const second = await ops.get<HistoryPage>(
      `${HISTORY_PATHS.statistic(statisticId)}?pageSize=2&pageNumber=2`,
    );
    expect(second.body.data.rows.map((r) => r.changes)).toEqual([
      [{ field: 'Statut facture vol', before: 'A éditer', after: 'Éditée' }],
    ]);
  });

  it("lets ADMIN read a user's changes, and refuses OPERATION and ACCOUNTING", async () => {
    const [row] = await database().db.select().from(users).where(eq(users.id, userId));
    const saved = await admin.put('/user/edit', {
      id: userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: '+33 5 56 00 00 99',
      role: 'HOSPITAL',
      hospitals: row.hospitals,
    });
    expect(saved.status).toBe(200);
    const answer = await admin.get<HistoryPage>(HISTORY_PATHS.user(userId));
    expect(answer.status).toBe(200);
    expect(answer.body.data.rows[0]).toMatchObject({
      actor: 'Claire Dubois',
      action: 'Modification',
      changes: [{ field: 'Téléphone', before: row.phone ?? '-', after: '+33 5 56 00 00 99' }],
    });
    expect(await ops.get(HISTORY_PATHS.user(userId))).toMatchObject(
      refusal(403, HISTORY_MESSAGES.userRefused),
    );
    expect(await accounting.get(HISTORY_PATHS.user(userId))).toMatchObject(
      refusal(403, HISTORY_MESSAGES.userRefused),
    );
  });

  it('refuses HOSPITAL users on every record, with a French message', async () => {
    for (const path of [
      HISTORY_PATHS.mission(missionId),
      HISTORY_PATHS.statistic(statisticId),
      HISTORY_PATHS.user(userId),
    ])
      expect(await hospital.get(path)).toMatchObject(refusal(403, HISTORY_MESSAGES.hospitalRefused));
  });

  it('answers a bad id with 400, an unknown one with 404, a bad page with 400, in French', async () => {
    expect(await ops.get(HISTORY_PATHS.mission('abc'))).toMatchObject(refusal(400, INPUT_MESSAGES.uuid));
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await ops.get(HISTORY_PATHS.mission(unknown))).toMatchObject(
      refusal(404, HISTORY_MESSAGES.missionNotFound),
    );
    expect(await ops.get(HISTORY_PATHS.statistic(unknown))).toMatchObject(
      refusal(404, HISTORY_MESSAGES.statisticNotFound),
    );
    expect(await admin.get(HISTORY_PATHS.user(unknown))).toMatchObject(
      refusal(404, HISTORY_MESSAGES.userNotFound),
    );
    expect(await ops.get(`${HISTORY_PATHS.mission(missionId)}?pageNumber=0`)).toMatchObject({ status: 400 });
    expect(
      (await new (ops.constructor as typeof Caller)(t.app).get(HISTORY_PATHS.mission(missionId))).status,
    ).toBe(401);
  });

  it('writes nothing when read', async () => {
    const before = await audits();
    await ops.get(HISTORY_PATHS.mission(missionId));
    await admin.get(HISTORY_PATHS.user(userId));
    await accounting.get(HISTORY_PATHS.statistic(statisticId));
    expect(await audits()).toBe(before);
  });

  it('gives the demo entries on every mission, statistic and account, Leon among them', async () => {
    const now = new Date(clock.now + 2 * 3600_000);
    await seedDemoMissions(database().db, now);
    await seedDemoStatistics({ db: database().db, files: t.files });
    await database().db.delete(auditLog).where(eq(auditLog.action, 'mission.edit'));
    await database().db.delete(auditLog).where(eq(auditLog.action, 'statistic.change-status'));
    await database().db.delete(auditLog).where(eq(auditLog.action, 'user.edit'));
    expect(await seedDemoHistory(database().db, now)).toBeGreaterThan(0);
    // Written once: a second call adds nothing.
    expect(await seedDemoHistory(database().db, now)).toBe(0);
    const completed = (
      await database().db.select().from(missions).where(eq(missions.status, 'TERMINEE')).limit(1)
    )[0];
    const history = (await ops.get<HistoryPage>(HISTORY_PATHS.mission(completed.id))).body.data.rows;
    expect(history.map((r) => r.actor)).toContain('Leon');
    expect(history.length).toBeGreaterThanOrEqual(3);
    // Newest first, all in the past.
    const times = history.map((r) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    // Each mission's history, replayed from Leon's creation, ends on the mission as it is (issue 54: the
    // demo filled an aircraft type that its history never said).
    const fields = [
      'status',
      'aircraftType',
      'numberOfCristal',
      'organType',
      'numberOfMeals',
      'isWithOCS',
    ] as const;
    let retyped = 0;
    for (const mission of await database().db.select().from(missions)) {
      const entries = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'mission'), eq(auditLog.entityId, mission.id)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
      const replayed: Record<string, unknown> = {};
      for (const entry of entries) Object.assign(replayed, entry.after as object);
      const created = entries.find((e) => e.action === 'mission.leon-create')?.after as Record<
        string,
        unknown
      >;
      if (created && created.aircraftType !== mission.aircraftType) retyped++;
      for (const field of fields)
        if (field in replayed)
          expect(replayed[field], `${mission.tripNumber} ${field}`).toEqual(mission[field]);
      expect(replayed.aircraftType, `${mission.tripNumber} aircraftType`).toBe(mission.aircraftType);
    }
    expect(retyped, 'missions whose aircraft type the demo filled').toBeGreaterThan(0);
    for (const record of await database().db.select().from(statistics).where(eq(statistics.active, true))) {
      const rows = (await ops.get<HistoryPage>(HISTORY_PATHS.statistic(record.id))).body.data.rows;
      if (record.flightStatus !== 'TO_BE_EDITED' || record.airportStatus !== 'TO_BE_EDITED')
        expect(rows.length).toBeGreaterThan(0);
    }
    for (const account of await database().db.select().from(users)) {
      const rows = (await admin.get<HistoryPage>(HISTORY_PATHS.user(account.id))).body.data.rows;
      expect(rows.length).toBeGreaterThanOrEqual(2);
    }
  });
});
