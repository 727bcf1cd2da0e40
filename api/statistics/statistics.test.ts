// Statistics as callers see them: records following missions in and out of scope, the list with its
// filters, costs and role scoping, bulk statuses, the two-step PDF upload with its refusals, downloads,
// deletes, the hospital flag, the XLSX export, and the sweep of orphan files.
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { editConflictMessage } from '../../contract/conflicts';
import { FILE_MESSAGES } from '../../contract/files';
import { PRICE_PATHS, type RegulationCostRow } from '../../contract/prices';
import type { MediaPath, StatisticRow } from '../../contract/statistics';
import { STATISTIC_MESSAGES } from '../../contract/statistics';
import { openDatabase } from '../db/client';
import { auditLog, missionLegs, missions, regulationCosts, statistics } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { BORDEAUX_MARSEILLE_RETURN, insertMissions } from '../test/fixtures';
import { Caller, ORIGIN, refusal, testApp } from '../test/harness';
import { startTestBucket, type TestBucket } from '../test/s3';
import { sweepStatisticFiles } from './files';
import { MEDIA_PATH_LIMIT } from './service';

type PageBody = { data: { rows: StatisticRow[]; pageCount: number } };
const [BORDEAUX, PARIS_HEGP] = DEMO_HOSPITALS;
const pdf = (size = 2000) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
const png = () => {
  const bytes = new Uint8Array(1000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

type App = ReturnType<typeof testApp>;
/** PUTs to a signed URL the way the browser does: the API's /files/ route, or the bucket. */
async function putFile(t: App, signed: MediaPath, body: Uint8Array): Promise<number> {
  if (signed.url.startsWith(`${ORIGIN}/api/files/`)) {
    const response = await t.app.request(signed.url.slice(`${ORIGIN}/api`.length), {
      method: 'PUT',
      headers: { ...signed.headers, origin: ORIGIN },
      body: body as BodyInit,
    });
    return response.status;
  }
  const response = await fetch(signed.url, {
    method: 'PUT',
    headers: signed.headers,
    body: body as BodyInit,
  });
  return response.status;
}
async function getFile(
  t: App,
  url: string,
): Promise<{ status: number; bytes: Uint8Array; type: string; csp: string | null }> {
  const response = url.startsWith(`${ORIGIN}/api/files/`)
    ? await t.app.request(url.slice(`${ORIGIN}/api`.length))
    : await fetch(url);
  return {
    status: response.status,
    bytes: new Uint8Array(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? '',
    csp: response.headers.get('content-security-policy'),
  };
}

/** Records the uploaded PDF at `path` as the `kind` invoice numbered `number` of record `id`. */
const recordPdf = (c: Caller, id: string, kind: 'flight' | 'airport', path: string, number: string) =>
  c.put('/statistic/update-pdf', {
    id,
    [`${kind}PdfPath`]: path,
    [`${kind}Id`]: number,
  });

const mediaPath = (c: Caller, id: string, kind: string, size: number, name = 'facture.pdf') =>
  c.get<{ data: MediaPath; message?: string }>(
    `/media/get-media-path?id=${id}&kind=${kind}&fileName=${encodeURIComponent(name)}&size=${size}`,
  );

describeEachDatabase('statistics', (database) => {
  let t: App;
  let ops: Caller;
  let accounting: Caller;
  let hospital: Caller;
  let ids: string[];
  const db = () => database().db;
  const recordOf = async (missionId: string) =>
    (await db().select().from(statistics).where(eq(statistics.missionId, missionId)))[0];
  const list = (c: Caller, q = '') => c.get<PageBody>(`/statistic/all?${q}`);
  const numbers = (a: { body: PageBody }) => a.body.data.rows.map((r) => r.numberOfMission);

  beforeAll(async () => {
    await seedDemo(db(), new Date('2026-03-02T10:00:00Z'));
    t = testApp(db());
    ids = await insertMissions(db(), [
      { tripNumber: 'ST-1', status: 'TERMINEE', buyerName: BORDEAUX, departure: '2026-02-10T08:00:00Z' },
      { tripNumber: 'ST-2', status: 'CLOTUREE', buyerName: PARIS_HEGP, departure: '2026-02-11T08:00:00Z' },
      {
        tripNumber: 'ST-3',
        status: 'ANNULEE_45_MOINS',
        buyerName: BORDEAUX,
        departure: '2026-02-12T08:00:00Z',
        organType: ['COEUR', 'REINS'],
      },
      { tripNumber: 'ST-4', status: 'EN_COURS', buyerName: BORDEAUX, departure: '2026-02-13T08:00:00Z' },
      {
        tripNumber: 'ST-5',
        status: 'ANNULEE_45_PLUS',
        buyerName: BORDEAUX,
        departure: '2026-02-14T08:00:00Z',
      },
      {
        tripNumber: 'ST-6',
        status: 'TERMINEE',
        buyerName: BORDEAUX,
        departure: '2026-02-15T08:00:00Z',
        legs: BORDEAUX_MARSEILLE_RETURN,
        organType: ['FOIE'],
      },
      { tripNumber: null, status: 'TERMINEE', buyerName: BORDEAUX, departure: '2022-06-01T08:00:00Z' },
    ]);
    // ST-6: every figure computable (OCS, meals, de-icing at LFML).
    await db()
      .update(missions)
      .set({ isWithOCS: true, numberOfMeals: 3, isWithIcing: true, airportDeIcing: ['LFML'] })
      .where(eq(missions.id, ids[5]));
    ops = new Caller(t.app);
    await ops.login('operation@demo.test');
    accounting = new Caller(t.app);
    await accounting.login('accounting@demo.test');
    hospital = new Caller(t.app);
    await hospital.login('hopital@demo.test');
  });
  afterAll(() => rmSync(t.filesDir, { recursive: true, force: true }));
  /** After the clock moves by a day, sessions have ended: sign in again. */
  const relogin = async () => {
    await ops.login('operation@demo.test');
    await accounting.login('accounting@demo.test');
    await hospital.login('hopital@demo.test');
  };

  describe('records', () => {
    it('exist for missions in scope only, starting at TO_BE_EDITED and hidden from hospitals', async () => {
      const rows = await db().select().from(statistics);
      expect(rows.map((r) => r.missionId).sort()).toEqual([ids[0], ids[1], ids[2], ids[5], ids[6]].sort());
      for (const r of rows)
        expect(r).toMatchObject({
          active: true,
          flightStatus: 'TO_BE_EDITED',
          airportStatus: 'TO_BE_EDITED',
          showForHospital: false,
        });
    });

    it('follow an edit out of scope and back, keeping the same record, and a delete', async () => {
      const before = await recordOf(ids[3]);
      expect(before).toBeUndefined();
      const edit = (status: string) =>
        ops.put('/missions/edit/', {
          id: ids[3],
          numberOfCristal: 1,
          astonStatus: status,
          organType: 'POUMONS',
          aircraftType: 'JET',
          numberOfMeals: 1,
          isWithIcing: false,
          isWithOCS: false,
        });
      expect((await edit('TERMINEE')).status).toBe(200);
      const entered = await recordOf(ids[3]);
      expect(entered.active).toBe(true);
      expect(numbers(await list(ops, 'search=ST-4'))).toEqual(['ST-4']);
      expect((await edit('EN_COURS')).status).toBe(200);
      expect((await recordOf(ids[3])).active).toBe(false);
      expect(numbers(await list(ops, 'search=ST-4'))).toEqual([]);
      expect((await edit('CLOTUREE')).status).toBe(200);
      const back = await recordOf(ids[3]);
      expect(back).toMatchObject({ id: entered.id, active: true });
      expect(await db().select().from(statistics).where(eq(statistics.missionId, ids[3]))).toHaveLength(1);
      expect((await ops.delete(`/missions/delete/${ids[3]}`)).status).toBe(200);
      expect((await recordOf(ids[3])).active).toBe(false);
      expect(numbers(await list(ops, 'search=ST-4'))).toEqual([]);
    });

    it('are filtered and ordered by their mission as it is now: staff edits and synced changes alike', async () => {
      const [id] = await insertMissions(db(), [
        { tripNumber: 'ST-8', status: 'TERMINEE', buyerName: BORDEAUX, departure: '2026-02-09T08:00:00Z' },
      ]);
      const paris = `hospitals=${encodeURIComponent(PARIS_HEGP)}`;
      const period = 'startDate=2026-02-16&endDate=2026-02-16';
      expect(numbers(await list(ops, paris))).toEqual(['ST-2']);
      expect(numbers(await list(ops, 'organName=PANCREAS'))).toEqual([]);
      // What the sync writes: another hospital and departure.
      await db()
        .update(missions)
        .set({ buyerName: PARIS_HEGP, departureDateTime: new Date('2026-02-16T09:00:00Z') })
        .where(eq(missions.id, id));
      expect(numbers(await list(ops, paris))).toEqual(['ST-8', 'ST-2']);
      expect(numbers(await list(ops, period))).toEqual(['ST-8']);
      expect(numbers(await list(ops, 'pageSize=2'))).toEqual(['ST-8', 'ST-6']);
      // What staff edit: the organs and the status, within the scope.
      const edited = await ops.put('/missions/edit/', {
        id,
        numberOfCristal: 1,
        astonStatus: 'CLOTUREE',
        organType: 'PANCREAS',
        aircraftType: 'JET',
        numberOfMeals: 1,
        isWithIcing: false,
        isWithOCS: false,
      });
      expect(edited.status).toBe(200);
      expect(numbers(await list(ops, 'organName=PANCREAS'))).toEqual(['ST-8']);
      expect(numbers(await list(ops, `status=CLOTUREE&${paris}`))).toEqual(['ST-8', 'ST-2']);
      expect(numbers(await list(ops, 'status=TERMINEE&search=ST-8'))).toEqual([]);
      // Out of the scope and back: the record comes back with the mission's values of the time.
      await db().update(missions).set({ status: 'EN_COURS' }).where(eq(missions.id, id));
      await db()
        .update(missions)
        .set({ buyerName: BORDEAUX, organType: ['COEUR'] })
        .where(eq(missions.id, id));
      expect(numbers(await list(ops, 'search=ST-8'))).toEqual([]);
      await db().update(missions).set({ status: 'TERMINEE' }).where(eq(missions.id, id));
      expect(numbers(await list(ops, paris))).toEqual(['ST-2']);
      expect(numbers(await list(ops, `hospitals=${encodeURIComponent(BORDEAUX)}&${period}`))).toEqual([
        'ST-8',
      ]);
      expect(numbers(await list(ops, 'organName=COEUR&status=TERMINEE'))).toEqual(['ST-8']);
      expect((await ops.delete(`/missions/delete/${id}`)).status).toBe(200);
      expect(numbers(await list(ops, period))).toEqual([]);
    });
  });

  describe('GET /statistic/all', () => {
    it('lists the latest first, 20 a page, with the row of requirements §3 and costs from the cost engine', async () => {
      const answer = await list(accounting);
      expect(answer.status).toBe(200);
      expect(numbers(answer)).toEqual(['ST-6', 'ST-3', 'ST-2', 'ST-1', null]);
      expect(answer.body.data.pageCount).toBe(1);
      const st6 = answer.body.data.rows[0];
      expect(st6).toMatchObject({
        missionId: ids[5],
        hospitalName: BORDEAUX,
        dateOfRealization: ['2026-02-15'],
        departures: ['Bordeaux-Mérignac', 'Marseille-Provence'],
        arrivals: ['Marseille-Provence', 'Bordeaux-Mérignac'],
        aircraftType: 'JET',
        organType: ['FOIE'],
        // Two legs of 80 min, plus 15.
        flightTime: { ok: true, value: 175 },
        flightInvoicePdf: false,
        airportInvoicePdf: false,
        flightStatus: 'TO_BE_EDITED',
        airportStatus: 'TO_BE_EDITED',
        showForHospital: false,
        disableAirportPdfUpload: false,
        flightInvoiceNumber: null,
        airportInvoiceNumber: null,
      });
      for (const figure of [st6.costOfFlightTime, st6.costOfRegulation, st6.costOfMeal, st6.totalCost])
        expect(figure).toMatchObject({ ok: true, value: expect.any(Number) });
      if (st6.totalCost.ok && st6.costOfFlightTime.ok && st6.costOfRegulation.ok && st6.costOfMeal.ok)
        expect(st6.totalCost.value).toBeCloseTo(
          st6.costOfFlightTime.value + st6.costOfRegulation.value + st6.costOfMeal.value,
          2,
        );
      expect(st6.airportCosts).toEqual([
        { icaoCode: 'LFBD', withDeIcing: false, amount: { ok: true, value: expect.any(Number) } },
        { icaoCode: 'LFML', withDeIcing: true, amount: { ok: true, value: expect.any(Number) } },
      ]);
    });

    it('travels a missing figure as missing with its reason, never as 0', async () => {
      const [st1] = (await list(ops, 'search=ST-1')).body.data.rows;
      expect(st1.costOfFlightTime).toEqual({ ok: false, reason: 'OCS non renseigné' });
      expect(st1.costOfMeal).toEqual({ ok: false, reason: 'Nombre de repas non renseigné' });
      expect(st1.totalCost).toMatchObject({ ok: false });
      // 2022: before every demo price row.
      const [old] = (await list(ops, `hospitals=${encodeURIComponent(BORDEAUX)}`)).body.data.rows.filter(
        (r) => r.numberOfMission === null,
      );
      expect(old.costOfRegulation).toEqual({
        ok: false,
        reason: 'Prix manquant : coût de la régulation au 01/06/2022',
      });
    });

    it('filters by mission number, hospitals, Paris-day period, organ, mission and invoice statuses', async () => {
      expect(numbers(await list(ops, 'search=st-2'))).toEqual(['ST-2']);
      expect(numbers(await list(ops, `hospitals=${encodeURIComponent(PARIS_HEGP)}`))).toEqual(['ST-2']);
      expect(numbers(await list(ops, 'startDate=2026-02-11&endDate=2026-02-12'))).toEqual(['ST-3', 'ST-2']);
      expect(numbers(await list(ops, 'organName=REINS'))).toEqual(['ST-3']);
      expect(numbers(await list(ops, 'status=ANNULEE_45_MOINS'))).toEqual(['ST-3']);
      expect(numbers(await list(ops, 'flightStatus=PAID'))).toEqual([]);
      expect(numbers(await list(ops, 'airportStatus=TO_BE_EDITED&pageSize=2'))).toEqual(['ST-6', 'ST-3']);
      expect((await list(ops, 'pageSize=2')).body.data.pageCount).toBe(3);
    });

    it('prices with the price rows as they are at each call, whoever wrote them', async () => {
      const admin = new Caller(t.app);
      await admin.login('admin@demo.test');
      const regulation = async () => {
        const [st6] = (await list(ops, 'search=ST-6')).body.data.rows;
        return st6.costOfRegulation.ok ? st6.costOfRegulation.value : null;
      };
      const before = await regulation();
      expect(before).toEqual(expect.any(Number));
      // The row in force on ST-6's day (2026-02-15), edited through the price screen…
      const rows = (
        await admin.get<{ data: { rows: RegulationCostRow[] } }>(
          `${PRICE_PATHS.regulationCost.list}?pageSize=100`,
        )
      ).body.data.rows;
      const row = rows.find((r) => r.fromDate <= '2026-02-15' && '2026-02-15' <= r.toDate)!;
      const edit = (price: number) => admin.put(PRICE_PATHS.regulationCost.edit, { ...row, price });
      expect((await edit(row.price + 10)).status).toBe(200);
      expect(await regulation()).toBeCloseTo((before ?? 0) + 10, 2);
      // …and written by another way in (a script, a migration): the next page has it all the same.
      await db().update(regulationCosts).set({ priceCents: 1 }).where(eq(regulationCosts.id, row.id));
      expect(await regulation()).toBe(0.01);
      await db().delete(regulationCosts).where(eq(regulationCosts.id, row.id));
      expect(await regulation()).toBeNull();
      const { id: _, version: __, ...back } = row;
      expect(
        (await admin.post(PRICE_PATHS.regulationCost.create, { ...back, price: row.price })).status,
      ).toBe(201);
      expect(await regulation()).toBe(before);
    });

    it('refuses a period before 2023-01-01 or reversed, and unknown statuses, in French', async () => {
      expect(await list(ops, 'startDate=2022-12-31&endDate=2023-01-05')).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.dateTooEarly),
      );
      expect(await list(ops, 'startDate=2026-02-12&endDate=2026-02-11')).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.dateOrder),
      );
      expect(await list(ops, 'flightStatus=PAYEE')).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.unknownStatus),
      );
      expect(await list(ops, 'organName=RATE')).toMatchObject(refusal(400, STATISTIC_MESSAGES.unknownOrgan));
    });
  });

  describe('HOSPITAL users', () => {
    it('see only their hospital’s records staff made visible, without staff fields', async () => {
      expect(numbers(await list(hospital))).toEqual([]);
      const flip = await ops.put<{ data: { showForHospital: boolean } }>(
        `/missions/toggle-statistic/${ids[0]}`,
      );
      expect(flip).toMatchObject({ status: 200, body: { data: { showForHospital: true } } });
      // Another hospital's record, even visible, stays out of sight.
      await ops.put(`/missions/toggle-statistic/${ids[1]}`);
      const answer = await list(hospital);
      expect(numbers(answer)).toEqual(['ST-1']);
      const row = answer.body.data.rows[0] as unknown as Record<string, unknown>;
      for (const field of [
        'missionId',
        'flightStatus',
        'airportStatus',
        'flightInvoiceNumber',
        'airportInvoiceNumber',
        'showForHospital',
        'disableAirportPdfUpload',
      ])
        expect(row).not.toHaveProperty(field);
      expect(row).toHaveProperty('totalCost');
      expect(numbers(await list(hospital, `hospitals=${encodeURIComponent(PARIS_HEGP)}`))).toEqual([]);
      // A status filter would tell the statuses: it is ignored for them.
      expect(numbers(await list(hospital, 'flightStatus=PAID'))).toEqual(['ST-1']);
    });

    it('write nothing: statuses, uploads, deletes and the flag are refused', async () => {
      const st1 = await recordOf(ids[0]);
      const forbidden = { status: 403, body: { message: MESSAGES.forbidden } };
      expect(
        await hospital.put('/statistic/change-status', { selectedIds: [st1.id], flightStatus: 'PAID' }),
      ).toMatchObject(forbidden);
      expect(await mediaPath(hospital, st1.id, 'flight', 100)).toMatchObject(forbidden);
      expect(await hospital.put('/statistic/update-pdf', { id: st1.id, flightId: 'X' })).toMatchObject(
        forbidden,
      );
      expect(await hospital.delete(`/statistic/delete-pdf-data/${st1.id}/flight`)).toMatchObject(forbidden);
      expect(await hospital.put(`/missions/toggle-statistic/${ids[0]}`)).toMatchObject(forbidden);
      expect(await recordOf(ids[0])).toEqual(st1);
    });

    it('cannot download another hospital’s or a hidden record’s PDF', async () => {
      const st2 = await recordOf(ids[1]);
      expect(await hospital.get(`/statistic/download-pdf?id=${st2.id}&type=FLIGHT`)).toMatchObject(
        refusal(404, STATISTIC_MESSAGES.notFound),
      );
    });
  });

  describe('PUT /statistic/change-status', () => {
    it('sets the chosen statuses on every selected record, leaves the other, and audits each', async () => {
      const [a, b] = [await recordOf(ids[0]), await recordOf(ids[1])];
      const answer = await accounting.put('/statistic/change-status', {
        selectedIds: [a.id, b.id],
        flightStatus: 'INVOICE_SENT',
      });
      expect(answer.status).toBe(200);
      expect(await recordOf(ids[0])).toMatchObject({
        flightStatus: 'INVOICE_SENT',
        airportStatus: 'TO_BE_EDITED',
      });
      expect(await recordOf(ids[1])).toMatchObject({
        flightStatus: 'INVOICE_SENT',
        airportStatus: 'TO_BE_EDITED',
      });
      const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'statistic.change-status'));
      expect(audits.map((r) => r.entityId).sort()).toEqual([a.id, b.id].sort());
      expect(audits[0]).toMatchObject({
        before: { flightStatus: 'TO_BE_EDITED' },
        after: { flightStatus: 'INVOICE_SENT' },
      });
      expect(numbers(await list(ops, 'flightStatus=INVOICE_SENT'))).toEqual(['ST-2', 'ST-1']);
    });

    it('changes nothing when one id is unknown or retired, or a status is wrong', async () => {
      const a = await recordOf(ids[0]);
      const retired = await recordOf(ids[3]);
      for (const [selectedIds, message] of [
        [[a.id, '00000000-0000-4000-8000-000000000000'], STATISTIC_MESSAGES.someNotFound],
        [[a.id, retired.id], STATISTIC_MESSAGES.someNotFound],
      ] as const) {
        expect(
          await ops.put('/statistic/change-status', { selectedIds, airportStatus: 'PAID' }),
        ).toMatchObject({ status: 404, body: { message } });
      }
      expect(
        await ops.put('/statistic/change-status', { selectedIds: [a.id], airportStatus: 'PAYEE' }),
      ).toMatchObject(refusal(400, STATISTIC_MESSAGES.unknownStatus));
      expect(await ops.put('/statistic/change-status', { selectedIds: [a.id] })).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.noStatus),
      );
      expect(
        await ops.put('/statistic/change-status', { selectedIds: [], flightStatus: 'PAID' }),
      ).toMatchObject(refusal(400, STATISTIC_MESSAGES.noSelection));
      expect(await recordOf(ids[0])).toEqual(a);
    });

    it('changes nothing when a row was changed since the version shown: 409 naming it (decision 064)', async () => {
      const [a, b] = [await recordOf(ids[0]), await recordOf(ids[1])];
      const rows = (await list(ops, 'search=ST-')).body.data.rows;
      expect(rows.find((r) => r.id === a.id)?.version).toBe(a.version);
      // A second on: the newest audit row is this change's (rows of one instant have no order between them).
      t.advance(1000);
      const saved = await accounting.put('/statistic/change-status', {
        selectedIds: [a.id],
        flightStatus: 'PAID',
        versions: { [a.id]: a.version },
      });
      expect(saved.status).toBe(200);
      const changed = await recordOf(ids[0]);
      expect(changed.version).toBe(a.version + 1);
      const auditsBefore = (await db().select().from(auditLog)).length;
      const by = { actor: 'Sophie Laurent', at: t.clock.now };
      expect(
        await ops.put('/statistic/change-status', {
          selectedIds: [a.id, b.id],
          airportStatus: 'PAID',
          versions: { [a.id]: a.version, [b.id]: b.version },
        }),
      ).toMatchObject(refusal(409, editConflictMessage('statistics', by, t.clock.now)));
      expect(
        await ops.put('/statistic/change-status', {
          selectedIds: [a.id],
          airportStatus: 'PAID',
          versions: { [a.id.toUpperCase()]: a.version },
        }),
      ).toMatchObject(refusal(409, editConflictMessage('statistic', by, t.clock.now)));
      expect([await recordOf(ids[0]), await recordOf(ids[1])]).toEqual([changed, b]);
      expect((await db().select().from(auditLog)).length).toBe(auditsBefore);
      // Without versions, unchecked (and back to the status the next tests expect).
      const unchecked = await ops.put('/statistic/change-status', {
        selectedIds: [a.id],
        flightStatus: a.flightStatus,
      });
      expect(unchecked.status).toBe(200);
      expect((await recordOf(ids[0])).version).toBe(a.version + 2);
      expect(
        (
          await ops.put('/statistic/change-status', {
            selectedIds: [a.id],
            flightStatus: 'PAID',
            versions: { [a.id]: 0 },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('PDFs', () => {
    it('records a PDF on the version the dialog was opened on; a stale one is a 409 that keeps nothing (decision 064)', async () => {
      const st2 = await recordOf(ids[1]);
      const upload = async () => {
        const file = pdf(2000);
        const media = await mediaPath(ops, st2.id, 'flight', file.length);
        expect(await putFile(t, media.body.data, file)).toBe(201);
        return media.body.data.path;
      };
      const first = await upload();
      t.advance(1000);
      const saved = await ops.put('/statistic/update-pdf', {
        id: st2.id,
        flightPdfPath: first,
        flightId: 'FV-1',
        version: st2.version,
      });
      expect(saved.status).toBe(200);
      const current = await recordOf(ids[1]);
      expect(current.version).toBe(st2.version + 1);
      const auditsBefore = (await db().select().from(auditLog)).length;
      const second = await upload();
      expect(
        await ops.put('/statistic/update-pdf', {
          id: st2.id,
          flightPdfPath: second,
          flightId: 'FV-2',
          version: st2.version,
        }),
      ).toMatchObject(
        refusal(
          409,
          editConflictMessage('statistic', { actor: 'Julien Moreau', at: t.clock.now }, t.clock.now),
        ),
      );
      expect(await recordOf(ids[1])).toEqual(current);
      expect((await db().select().from(auditLog)).length).toBe(auditsBefore);
      expect(await t.files.head(second)).toBeNull();
      expect(await t.files.head(first)).not.toBeNull();
      // A delete answers the new version, on which the dialog saves next; a save without one is unchecked.
      const deleted = await ops.delete<{ data: { version: number } }>(
        `/statistic/delete-pdf-data/${st2.id}/flight`,
      );
      expect(deleted.body.data.version).toBe(current.version + 1);
      const third = await upload();
      expect(
        (await ops.put('/statistic/update-pdf', { id: st2.id, flightPdfPath: third, flightId: 'FV-3' }))
          .status,
      ).toBe(200);
      expect((await ops.delete(`/statistic/delete-pdf-data/${st2.id}/flight`)).status).toBe(200);
    });

    it('upload in two steps, record with their ids, download through a signed URL, then delete', async () => {
      const st6 = await recordOf(ids[5]);
      const file = pdf(3000);
      const media = await mediaPath(ops, st6.id, 'flight', file.length);
      expect(media.status).toBe(200);
      expect(media.body.data.path).toMatch(new RegExp(`^statistics/${st6.id}/flight/[0-9a-f-]{36}\\.pdf$`));
      expect(await putFile(t, media.body.data, file)).toBe(201);
      const saved = await recordPdf(ops, st6.id, 'flight', media.body.data.path, '  FV-2026-001  ');
      expect(saved).toMatchObject({
        status: 200,
        body: {
          data: { flightInvoicePdf: true, flightInvoiceNumber: 'FV-2026-001', airportInvoicePdf: false },
        },
      });
      const [row] = (await list(ops, 'search=ST-6')).body.data.rows;
      expect(row).toMatchObject({ flightInvoicePdf: true, flightInvoiceNumber: 'FV-2026-001' });
      const download = await ops.get<{ data: { url: string } }>(
        `/statistic/download-pdf?id=${st6.id}&type=FLIGHT`,
      );
      expect(download.status).toBe(200);
      const got = await getFile(t, download.body.data.url);
      expect(got).toMatchObject({ status: 200, type: 'application/pdf', csp: 'sandbox' });
      expect(got.bytes).toEqual(file);
      expect(
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'statistic.update-pdf'), eq(auditLog.entityId, st6.id))),
      ).toHaveLength(1);

      expect((await ops.delete(`/statistic/delete-pdf-data/${st6.id}/flight`)).status).toBe(200);
      expect(await recordOf(ids[5])).toMatchObject({ flightPdfKey: null, flightInvoiceId: null });
      expect(await t.files.head(media.body.data.path)).toBeNull();
      expect(await ops.get(`/statistic/download-pdf?id=${st6.id}&type=FLIGHT`)).toMatchObject(
        refusal(404, STATISTIC_MESSAGES.noPdf),
      );
    });

    it('applies the pairing rules: a PDF needs its id, an id its PDF, not both empty', async () => {
      const st6 = await recordOf(ids[5]);
      for (const body of [
        { id: st6.id, flightPdfPath: `statistics/${st6.id}/flight/00000000-0000-4000-8000-000000000000.pdf` },
        { id: st6.id, flightId: 'FV-1' },
        { id: st6.id, flightId: '   ' },
        { id: st6.id },
      ])
        expect(await ops.put('/statistic/update-pdf', body)).toMatchObject(
          refusal(400, STATISTIC_MESSAGES.required),
        );
      expect(await recordOf(ids[5])).toEqual(st6);
    });

    it('refuses a PNG renamed .pdf, leaving nothing behind and the record unchanged', async () => {
      const st6 = await recordOf(ids[5]);
      const media = await mediaPath(ops, st6.id, 'flight', 1000, 'scan.pdf');
      expect(await putFile(t, media.body.data, png())).toBe(415);
      expect(await recordPdf(ops, st6.id, 'flight', media.body.data.path, 'F')).toMatchObject(
        refusal(404, FILE_MESSAGES.notFound),
      );
      expect(await t.files.head(media.body.data.path)).toBeNull();
      expect(await recordOf(ids[5])).toEqual(st6);
    });

    it('limits upload links per user: 429 in French past the limit, other users unaffected', async () => {
      const st6 = await recordOf(ids[5]);
      const { max, windowMs } = MEDIA_PATH_LIMIT('x');
      // A window of its own, whatever the other tests asked for.
      t.advance(windowMs);
      await relogin();
      for (let i = 0; i < max; i++) expect((await mediaPath(ops, st6.id, 'flight', 2000)).status).toBe(200);
      expect(await mediaPath(ops, st6.id, 'flight', 2000)).toMatchObject(
        refusal(429, STATISTIC_MESSAGES.tooManyUploads),
      );
      expect((await mediaPath(accounting, st6.id, 'flight', 2000)).status).toBe(200);
      t.advance(windowMs);
      await relogin();
      expect((await mediaPath(ops, st6.id, 'flight', 2000)).status).toBe(200);
    });

    it('refuses an empty or a 21 MB file before signing anything', async () => {
      const st6 = await recordOf(ids[5]);
      for (const size of [0, 21 * 1024 * 1024])
        expect(await mediaPath(ops, st6.id, 'flight', size)).toMatchObject(
          refusal(400, STATISTIC_MESSAGES.fileSize),
        );
      expect(await mediaPath(ops, st6.id, 'cockpit', 10)).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.unknownKind),
      );
      expect(await mediaPath(ops, '00000000-0000-4000-8000-000000000000', 'flight', 10)).toMatchObject(
        refusal(404, STATISTIC_MESSAGES.notFound),
      );
    });

    it('refuses a path signed for another record or kind; the other record keeps its file', async () => {
      const [st1, st6] = [await recordOf(ids[0]), await recordOf(ids[5])];
      const media = await mediaPath(ops, st1.id, 'flight', 2000);
      expect(await putFile(t, media.body.data, pdf())).toBe(201);
      expect(await recordPdf(ops, st6.id, 'flight', media.body.data.path, 'X')).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.pathForeign),
      );
      expect(await recordPdf(ops, st1.id, 'airport', media.body.data.path, 'X')).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.pathForeign),
      );
      expect(await recordOf(ids[5])).toEqual(st6);
      expect(await t.files.head(media.body.data.path)).not.toBeNull();
    });

    it('refuses an upload URL used twice or after it expired', async () => {
      const st6 = await recordOf(ids[5]);
      const media = await mediaPath(ops, st6.id, 'flight', 2000);
      expect(await putFile(t, media.body.data, pdf())).toBe(201);
      expect(await putFile(t, media.body.data, pdf())).toBe(403);
      const late = await mediaPath(ops, st6.id, 'flight', 2000);
      t.advance(6 * 60_000);
      expect(await putFile(t, late.body.data, pdf())).toBe(403);
      expect(await t.files.head(late.body.data.path)).toBeNull();
    });

    it('refuses an upload link used once, even after its file was refused or deleted', async () => {
      const st6 = await recordOf(ids[5]);
      // Refused by its bytes: nothing stored, yet the link is spent.
      const refused = await mediaPath(ops, st6.id, 'flight', 1000);
      expect(await putFile(t, refused.body.data, png())).toBe(415);
      expect(await putFile(t, refused.body.data, pdf(1000))).toBe(403);
      expect(await t.files.head(refused.body.data.path)).toBeNull();
      // Uploaded, recorded, then deleted: the link does not write the file back.
      const used = await mediaPath(ops, st6.id, 'flight', 2000);
      expect(await putFile(t, used.body.data, pdf())).toBe(201);
      expect((await recordPdf(ops, st6.id, 'flight', used.body.data.path, 'FV-ONCE')).status).toBe(200);
      expect((await ops.delete(`/statistic/delete-pdf-data/${st6.id}/flight`)).status).toBe(200);
      expect(await t.files.head(used.body.data.path)).toBeNull();
      expect(await putFile(t, used.body.data, pdf())).toBe(403);
      expect(await t.files.head(used.body.data.path)).toBeNull();
    });

    it('refuses an airport PDF on a record whose airport status is N/A', async () => {
      const st1 = await recordOf(ids[0]);
      await ops.put('/statistic/change-status', { selectedIds: [st1.id], airportStatus: 'NOT_APPLICABLE' });
      expect(await mediaPath(ops, st1.id, 'airport', 2000)).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.airportDisabled),
      );
      const [row] = (await list(ops, 'search=ST-1')).body.data.rows;
      expect(row).toMatchObject({
        disableAirportPdfUpload: true,
        totalAirportCosts: { ok: true, value: 0 },
        airportCosts: [{ amount: { ok: true, value: 0 } }],
      });
    });

    it('never deletes the record’s current PDF when a call that names it is refused', async () => {
      const st6 = await recordOf(ids[5]);
      const media = await mediaPath(ops, st6.id, 'flight', 2000);
      expect(await putFile(t, media.body.data, pdf())).toBe(201);
      expect((await recordPdf(ops, st6.id, 'flight', media.body.data.path, 'FV-KEEP')).status).toBe(200);
      const current = media.body.data.path;
      const unknownAirport = `statistics/${st6.id}/airport/00000000-0000-4000-8000-000000000000.pdf`;
      /** update-pdf with the current flight file again, beside the airport file `airportPdfPath`. */
      const keepFlightBeside = (airportPdfPath: string) =>
        ops.put('/statistic/update-pdf', {
          id: st6.id,
          flightPdfPath: current,
          flightId: 'FV-KEEP',
          airportPdfPath,
          airportId: 'FA-1',
        });
      // The current flight key sent again beside an airport file that was never uploaded: 404.
      expect(await keepFlightBeside(unknownAirport)).toMatchObject(refusal(404, FILE_MESSAGES.notFound));
      expect(await t.files.head(current)).not.toBeNull();
      // …and beside a refused (PNG) airport upload.
      const png415 = await mediaPath(ops, st6.id, 'airport', 1000);
      expect(await putFile(t, png415.body.data, png())).toBe(415);
      expect((await keepFlightBeside(png415.body.data.path)).status).toBe(404);
      expect(await t.files.head(current)).not.toBeNull();
      // …and with the airport status N/A: 400, the flight file stays.
      await ops.put('/statistic/change-status', { selectedIds: [st6.id], airportStatus: 'NOT_APPLICABLE' });
      expect(await keepFlightBeside(unknownAirport)).toMatchObject(
        refusal(400, STATISTIC_MESSAGES.airportDisabled),
      );
      expect(await t.files.head(current)).not.toBeNull();
      const [row] = (await list(ops, 'search=ST-6')).body.data.rows;
      expect(row).toMatchObject({ flightInvoicePdf: true, flightInvoiceNumber: 'FV-KEEP' });
      const download = await ops.get<{ data: { url: string } }>(
        `/statistic/download-pdf?id=${st6.id}&type=FLIGHT`,
      );
      expect((await getFile(t, download.body.data.url)).status).toBe(200);
      await ops.put('/statistic/change-status', { selectedIds: [st6.id], airportStatus: st6.airportStatus });
    });

    it('leaves the record as it was when update-pdf never comes; the sweep removes the orphan a day later', async () => {
      // The local files carry the real time: the test clock starts there.
      t.clock.now = new Date();
      await relogin();
      const st2 = await recordOf(ids[1]);
      const media = await mediaPath(ops, st2.id, 'flight', 2000);
      expect(await putFile(t, media.body.data, pdf())).toBe(201);
      // The API is killed here: update-pdf is never called.
      expect(await recordOf(ids[1])).toEqual(st2);
      expect((await sweepStatisticFiles({ db: db(), files: t.files })).deleted).not.toContain(
        media.body.data.path,
      );
      t.advance(25 * 3600_000);
      await relogin();
      const kept = await mediaPath(ops, st2.id, 'flight', 2000);
      expect(await putFile(t, kept.body.data, pdf())).toBe(201);
      expect((await recordPdf(ops, st2.id, 'flight', kept.body.data.path, 'K')).status).toBe(200);
      t.advance(25 * 3600_000);
      await relogin();
      const swept = await sweepStatisticFiles({ db: db(), files: t.files });
      expect(swept.deleted).toContain(media.body.data.path);
      expect(swept.deleted).not.toContain(kept.body.data.path);
      expect(await t.files.head(media.body.data.path)).toBeNull();
      expect(await t.files.head(kept.body.data.path)).not.toBeNull();
    });
  });

  describe('PUT /missions/toggle-statistic/{id}', () => {
    it('flips the flag and audits it; unknown or out-of-scope missions are 404', async () => {
      const before = (await recordOf(ids[2])).showForHospital;
      const first = await ops.put<{ data: { showForHospital: boolean } }>(
        `/missions/toggle-statistic/${ids[2]}`,
      );
      expect(first.body.data.showForHospital).toBe(!before);
      const second = await ops.put<{ data: { showForHospital: boolean } }>(
        `/missions/toggle-statistic/${ids[2]}`,
      );
      expect(second.body.data.showForHospital).toBe(before);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'statistic.toggle-hospital'));
      expect(audits.length).toBeGreaterThanOrEqual(2);
      expect(await ops.put(`/missions/toggle-statistic/${ids[4]}`)).toMatchObject(
        refusal(404, STATISTIC_MESSAGES.notFound),
      );
    });
  });

  describe('GET /statistic/export-excel', () => {
    const workbookOf = async (c: Caller, q: string) => {
      const response = await t.app.request(`/statistic/export-excel?${q}`, {
        headers: {
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-forwarded-for': '203.0.113.7',
        },
      });
      const workbook = new ExcelJS.Workbook();
      if (response.status === 200) await workbook.xlsx.load(await response.arrayBuffer());
      return { response, sheet: workbook.worksheets[0] };
    };

    it('writes statistiques.xlsx with every column, euros as numbers, days as dates, statuses in French', async () => {
      await db().update(missions).set({ buyerName: '=HYPERLINK("http://x")' }).where(eq(missions.id, ids[6]));
      const { response, sheet } = await workbookOf(ops, 'startDate=2026-02-01&endDate=2026-02-28');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="statistiques.xlsx"');
      const header = sheet.getRow(1).values as unknown[];
      expect(header).toContain('Statut vol');
      expect(header).toContain('Coût total aéroport');
      expect(sheet.rowCount).toBe(5); // header + ST-6, ST-3, ST-2, ST-1
      const st6 = sheet.getRow(2);
      const col = (name: string) => header.indexOf(name);
      expect(st6.getCell(col('N° de mission')).value).toBe('ST-6');
      expect(st6.getCell(col('Date(s) de réalisation')).value).toEqual(new Date('2026-02-15T00:00:00Z'));
      expect(typeof st6.getCell(col('Coût total vol')).value).toBe('number');
      expect(st6.getCell(col('Coût total vol')).numFmt).toContain('€');
      expect(st6.getCell(col('Statut vol')).value).toBe('A éditer');
      expect(sheet.getRow(5).getCell(col('Statut vol')).value).toBe('Facture transmise');
      expect(String(sheet.getRow(5).getCell(col('Coût total vol')).value)).toMatch(/^Prix manquant : /);
      // A text that looks like a formula stays text.
      const all = await workbookOf(ops, '');
      const cell = all.sheet.getRow(all.sheet.rowCount).getCell(col('Hôpital'));
      expect(cell.value).toBe('=HYPERLINK("http://x")');
      expect(cell.numFmt).toBe('@');
    });

    it('gives HOSPITAL users their scope without statuses or invoice ids', async () => {
      const { sheet } = await workbookOf(hospital, '');
      const header = sheet.getRow(1).values as unknown[];
      expect(header).not.toContain('Statut vol');
      expect(header).not.toContain('N° facture vol');
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(header.indexOf('N° de mission')).value).toBe('ST-1');
    });

    it('writes every realisation day as a date cell, one cell per day under the one heading of the spec', async () => {
      // Flown over midnight in Paris (22:00 → 01:00), then a mission of one day, in a month of their own.
      const [overnight] = await insertMissions(db(), [
        {
          tripNumber: 'ST-NIGHT',
          status: 'TERMINEE',
          buyerName: BORDEAUX,
          departure: '2025-06-10T20:00:00Z',
          legs: BORDEAUX_MARSEILLE_RETURN,
        },
        { tripNumber: 'ST-DAY', status: 'TERMINEE', buyerName: BORDEAUX, departure: '2025-06-12T08:00:00Z' },
      ]);
      const { sheet } = await workbookOf(ops, 'startDate=2025-06-01&endDate=2025-06-30');
      const header = sheet.getRow(1).values as unknown[];
      const heading = header.indexOf('Date(s) de réalisation');
      // The spec's columns, in order, each heading once: the heading spans the two day cells.
      const titles = header.filter((title, i) => title && header.indexOf(title) === i);
      expect(titles.slice(0, 5)).toEqual([
        'N° de mission',
        'Hôpital',
        'Date(s) de réalisation',
        'Départ',
        'Arrivée',
      ]);
      expect(header.indexOf('Départ')).toBe(heading + 2);
      expect(sheet.getCell(1, heading + 1).isMerged).toBe(true);
      const days = (row: number) =>
        [heading, heading + 1].map((c) => {
          const cell = sheet.getRow(row).getCell(c);
          return [cell.value, cell.value instanceof Date ? cell.numFmt : null];
        });
      expect(sheet.getRow(2).getCell(1).value).toBe('ST-DAY');
      expect(days(2)).toEqual([
        [new Date('2025-06-12T00:00:00Z'), 'dd/mm/yyyy'],
        [null, null],
      ]);
      expect(sheet.getRow(3).getCell(1).value).toBe('ST-NIGHT');
      expect(days(3)).toEqual([
        [new Date('2025-06-10T00:00:00Z'), 'dd/mm/yyyy'],
        [new Date('2025-06-11T00:00:00Z'), 'dd/mm/yyyy'],
      ]);
      expect(sheet.getRow(3).getCell(header.indexOf('Départ')).value).toBe(
        'Bordeaux-Mérignac, Marseille-Provence',
      );
      expect(overnight).toBeTruthy();
    });

    it("prices a cancellation less than 45 minutes before departure by the operator's rule, and says so", async () => {
      // Nothing flew: its one leg cancelled; 2 meals, OCS.
      const [late] = await insertMissions(db(), [
        {
          tripNumber: 'ST-LATE',
          status: 'ANNULEE_45_MOINS',
          buyerName: BORDEAUX,
          departure: '2025-05-14T08:00:00Z',
        },
      ]);
      await db().update(missionLegs).set({ isCnl: true }).where(eq(missionLegs.missionId, late));
      await db().update(missions).set({ isWithOCS: true, numberOfMeals: 2 }).where(eq(missions.id, late));
      const rowOf = async (c: Caller) => {
        const answer = await list(c, 'startDate=2025-05-01&endDate=2025-05-31');
        expect(answer.status).toBe(200);
        return answer.body.data.rows.find((r) => r.numberOfMission === 'ST-LATE')!;
      };
      // The default rule ('flat'): the regulation and the meals, no flight time, not even 15 minutes.
      const flat = await rowOf(ops);
      expect(flat.lateCancellation).toBe(true);
      expect(flat.dateOfRealization).toEqual([]);
      expect(flat.flightTime).toEqual({ ok: true, value: 0 });
      expect(flat.costOfFlightTime).toEqual({ ok: true, value: 0 });
      expect(flat.costOfRegulation.ok && flat.costOfRegulation.value).toBeGreaterThan(0);
      expect(flat.costOfMeal.ok && flat.costOfMeal.value).toBeGreaterThan(0);
      const flatTotal =
        flat.costOfRegulation.ok && flat.costOfMeal.ok
          ? flat.costOfRegulation.value + flat.costOfMeal.value
          : NaN;
      expect(flat.totalCost).toEqual({ ok: true, value: flatTotal });
      const { sheet } = await workbookOf(ops, 'startDate=2025-05-01&endDate=2025-05-31');
      const header = sheet.getRow(1).values as unknown[];
      expect(sheet.getRow(2).getCell(header.indexOf('N° de mission')).value).toBe('ST-LATE');
      expect(sheet.getRow(2).getCell(header.indexOf('Temps de vol + 15 min')).value).toBe(
        '0 h 00 (Annulation tardive)',
      );
      expect(sheet.getRow(2).getCell(header.indexOf('Coût du temps de vol')).value).toBe(0);
      // Another mission of the list is not marked.
      expect(
        (await list(ops, 'startDate=2026-02-15&endDate=2026-02-15')).body.data.rows[0].lateCancellation,
      ).toBe(false);

      // The operator who bills it as flown sets LATE_CANCELLATION_BILLING=full: 15 billed minutes.
      const full = new Caller(testApp(db(), { LATE_CANCELLATION_BILLING: 'full' }).app);
      await full.login('operation@demo.test');
      const asFlown = await rowOf(full);
      expect(asFlown.lateCancellation).toBe(true);
      expect(asFlown.flightTime).toEqual({ ok: true, value: 15 });
      expect(asFlown.costOfFlightTime.ok && asFlown.costOfFlightTime.value).toBeGreaterThan(0);
    });

    it('refuses half a period, one before 2023 or reversed', async () => {
      for (const [q, message] of [
        ['startDate=2026-01-01', STATISTIC_MESSAGES.periodRequired],
        ['startDate=2022-01-01&endDate=2026-01-01', STATISTIC_MESSAGES.dateTooEarly],
        ['startDate=2026-02-01&endDate=2026-01-01', STATISTIC_MESSAGES.dateOrder],
      ])
        expect(await ops.get(`/statistic/export-excel?${q}`)).toMatchObject({
          status: 400,
          body: { message },
        });
    });
  });
});

// The same upload flow against an S3-compatible bucket (s3rver behind the signature-checking proxy).
describe('statistics PDFs on an S3 bucket', () => {
  let bucket: TestBucket;
  let t: App;
  let ops: Caller;
  let id: string;
  const database = openDatabase({ memory: true });
  beforeAll(async () => {
    bucket = await startTestBucket('stats');
    const db = (await database).db;
    await seedDemo(db, new Date('2026-03-02T10:00:00Z'));
    t = testApp(db, {
      S3_ENDPOINT: bucket.endpoint,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      S3_REGION: bucket.region,
      S3_FORCE_PATH_STYLE: 'true',
    });
    // The harness's clock is fixed in 2026-03; S3 presigned URLs are checked against real time.
    t.clock.now = new Date();
    const [missionId] = await insertMissions(db, [
      { tripNumber: 'S3-1', status: 'TERMINEE', buyerName: BORDEAUX, departure: '2026-02-10T08:00:00Z' },
    ]);
    [{ id }] = await db
      .select({ id: statistics.id })
      .from(statistics)
      .where(eq(statistics.missionId, missionId));
    ops = new Caller(t.app);
    await ops.login('operation@demo.test');
  });
  afterAll(async () => {
    await bucket?.close();
    await (await database).close();
  });

  it('uploads to the bucket, records, downloads, and refuses a PNG by its bytes', async () => {
    expect(t.files.kind).toBe('s3');
    const file = pdf(4096);
    const media = await mediaPath(ops, id, 'airport', file.length);
    expect(media.status).toBe(200);
    expect(await putFile(t, media.body.data, file)).toBe(200);
    expect((await recordPdf(ops, id, 'airport', media.body.data.path, 'FA-1')).status).toBe(200);
    const download = await ops.get<{ data: { url: string } }>(
      `/statistic/download-pdf?id=${id}&type=AIRPORT`,
    );
    const got = await getFile(t, download.body.data.url);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(file);

    // S3 cannot refuse by content while uploading: update-pdf does, and deletes the file.
    const fake = await mediaPath(ops, id, 'flight', 1000);
    expect(await putFile(t, fake.body.data, png())).toBe(200);
    expect(await recordPdf(ops, id, 'flight', fake.body.data.path, 'FV-1')).toMatchObject(
      refusal(415, STATISTIC_MESSAGES.notPdf),
    );
    expect(await t.files.head(fake.body.data.path)).toBeNull();
    const [record] = await (await database).db.select().from(statistics).where(eq(statistics.id, id));
    expect(record).toMatchObject({ flightPdfKey: null, flightInvoiceId: null, airportInvoiceId: 'FA-1' });
  });
});
