// Mission calls as callers see them: scoping, filters, paging, edit rules, delete, flag, PDFs, counts.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import {
  MISSION_CATEGORIES,
  type MissionDetailsLeg,
  type MissionRow,
  type RecordsCount,
} from '../../contract/missions';
import { auditLog, missionLegs, missions } from '../db/schema';
import { DEMO_HOSPITALS } from '../db/seed';
import type { CurrentUser } from '../lib/context';
import { describeEachDatabase } from '../test/databases';
import { BORDEAUX_MARSEILLE_RETURN, insertMissions } from '../test/fixtures';
import { type Caller, refusal, seededTestApp, signedIn } from '../test/harness';
import { NOTDEF, pdfText } from '../test/pdf-text';
import { listPage, listWhere, readFilters } from './queries';
import { recordsCount } from './service';

type PageBody = { data: { rows: MissionRow[]; pageCount: number } };
const [BORDEAUX, PARIS_HEGP] = DEMO_HOSPITALS;

describeEachDatabase('missions', (database) => {
  const t = seededTestApp(database);
  let admin: Caller;
  let ops: Caller;
  let accounting: Caller;
  let hospital: Caller;
  let ids: string[];
  beforeAll(async () => {
    ids = await insertMissions(database().db, [
      {
        tripNumber: 'TR-1001',
        status: 'EN_ATTENTE',
        buyerName: BORDEAUX,
        departure: '2026-03-28T22:30:00Z',
        numberOfCristal: 4242,
      },
      {
        tripNumber: 'TR-1002',
        status: 'PROGRAMMEE',
        buyerName: PARIS_HEGP,
        departure: '2026-03-29T08:00:00Z',
      },
      {
        tripNumber: 'TR-1003',
        status: 'EN_COURS',
        buyerName: BORDEAUX,
        departure: '2026-03-30T08:00:00Z',
        legs: BORDEAUX_MARSEILLE_RETURN,
      },
      {
        tripNumber: 'TR-1004',
        status: 'ANNULEE_45_PLUS',
        buyerName: BORDEAUX,
        departure: '2026-03-01T08:00:00Z',
      },
      {
        tripNumber: 'TR-1005',
        status: 'ANNULEE_45_MOINS',
        buyerName: PARIS_HEGP,
        departure: '2026-03-02T08:00:00Z',
      },
      { tripNumber: null, status: 'TERMINEE', buyerName: BORDEAUX, departure: '2026-02-02T08:00:00Z' },
      { tripNumber: 'TR-1007', status: 'CLOTUREE', buyerName: PARIS_HEGP, departure: '2026-01-02T08:00:00Z' },
    ]);
    admin = await signedIn(t.app, 'admin@demo.test');
    ops = await signedIn(t.app, 'operation@demo.test');
    accounting = await signedIn(t.app, 'accounting@demo.test');
    hospital = await signedIn(t.app, 'hopital@demo.test');
  });
  const list = (c: Caller, query: string) => c.get<PageBody>(`/missions?${query}`);
  const numbers = (answer: { body: PageBody }) => answer.body.data.rows.map((r) => r.tripNumber);

  describe('lists', () => {
    it('lists each category with its statuses', async () => {
      expect(numbers(await list(ops, 'status=requested'))).toEqual(['TR-1001', 'TR-1002']);
      expect(numbers(await list(ops, 'status=inProgress'))).toEqual(['TR-1003']);
      expect(numbers(await list(ops, 'status=completed'))).toEqual([null]);
      expect(numbers(await list(ops, 'status=canceled'))).toEqual(['TR-1005', 'TR-1004']);
      expect(numbers(await list(ops, 'status=closed'))).toEqual(['TR-1005', 'TR-1007']);
      expect((await list(ops, 'status=nope')).status).toBe(400);
    });

    it('applies the quick filter within the category only', async () => {
      expect(numbers(await list(ops, 'status=requested&statusNeeded=PROGRAMMEE'))).toEqual(['TR-1002']);
      expect((await list(ops, 'status=requested&statusNeeded=TERMINEE')).status).toBe(400);
    });

    it('searches mission number, hospital and cristal number', async () => {
      expect(numbers(await list(ops, 'status=requested&search=1002'))).toEqual(['TR-1002']);
      expect(numbers(await list(ops, 'status=requested&search=pompidou'))).toEqual(['TR-1002']);
      expect(numbers(await list(ops, 'status=requested&search=4242'))).toEqual(['TR-1001']);
    });

    it('searches without case, each field on its own, with % and _ taken literally', async () => {
      expect(numbers(await list(ops, 'status=requested&search=POMPIDOU'))).toEqual(['TR-1002']);
      expect(numbers(await list(ops, 'status=requested&search=tr-100'))).toEqual(['TR-1001', 'TR-1002']);
      // The end of a mission number and the start of its hospital are two fields: no match across them.
      expect(numbers(await list(ops, 'status=requested&search=1002%20AP'))).toEqual([]);
      // A control character (the separator of the two fields among them) is refused, as in every text field.
      expect((await list(ops, `status=requested&search=${encodeURIComponent('1002\u001fAP')}`)).status).toBe(
        400,
      );
      expect(numbers(await list(ops, 'status=requested&search=TR_100'))).toEqual([]);
      expect(numbers(await list(ops, 'status=requested&search=TR-10%25'))).toEqual([]);
    });

    it("reads a search's page from its few rows, or along the list's order: the same rows, page by page", async () => {
      const staff = { role: 'OPERATION', hospitals: [] } as unknown as CurrentUser;
      for (const category of MISSION_CATEGORIES) {
        // Every mission of the category whose number holds 'tr-10', in the list's order.
        const expected = numbers(await list(ops, `status=${category}`)).filter((n) => n?.startsWith('TR-10'));
        const filters = readFilters({ status: category, search: 'tr-10' });
        const where = listWhere(staff, filters);
        const pages = async (exactUpTo?: number) => {
          const read: Array<string | null> = [];
          for (let offset = 0; offset <= expected.length; offset++) {
            const { rows } = await listPage(
              database().db,
              where,
              filters,
              { pageSize: 1, offset },
              exactUpTo,
            );
            read.push(...rows.map((r) => r.tripNumber));
          }
          return read;
        };
        // Counted exactly (a few rows): read from them, sorted. Bound 0: read along the order.
        expect(await pages(), category).toEqual(expected);
        expect(await pages(0), category).toEqual(expected);
      }
      expect(numbers(await list(ops, 'status=canceled&search=tr-10'))).toEqual(['TR-1005', 'TR-1004']);
    });

    it('filters by hospitals and by Paris calendar days, inclusive, across the change to summer time', async () => {
      expect(
        numbers(await list(ops, `status=requested&hospitals=${encodeURIComponent(PARIS_HEGP)}`)),
      ).toEqual(['TR-1002']);
      // 2026-03-28T22:30Z is 23:30 on the 28th in Paris (winter time); 2026-03-29T08:00Z is the 29th.
      expect(numbers(await list(ops, 'status=requested&startDate=2026-03-28&endDate=2026-03-28'))).toEqual([
        'TR-1001',
      ]);
      expect(numbers(await list(ops, 'status=requested&startDate=2026-03-29&endDate=2026-03-29'))).toEqual([
        'TR-1002',
      ]);
      expect((await list(ops, 'status=requested&startDate=2026-03-30&endDate=2026-03-29')).status).toBe(400);
      expect((await list(ops, 'status=requested&startDate=29/03/2026')).status).toBe(400);
    });

    it('pages by pageSize and carries legs with airport names', async () => {
      const first = await list(ops, 'status=requested&pageSize=1&pageNumber=1');
      expect(first.body.data.pageCount).toBe(2);
      expect(first.body.data.rows[0]).toMatchObject({
        tripNumber: 'TR-1001',
        legs: [
          {
            adepIcao: 'LFBD',
            adepName: 'Bordeaux-Mérignac',
            adesIcao: 'LFPG',
            adesName: 'Paris-Charles-de-Gaulle',
          },
        ],
        hasTransportVoucher: true,
      });
      expect(numbers(await list(ops, 'status=requested&pageSize=1&pageNumber=2'))).toEqual(['TR-1002']);
    });

    it("shows a HOSPITAL user only its hospital's missions", async () => {
      expect(numbers(await list(hospital, 'status=requested'))).toEqual(['TR-1001']);
      expect(
        numbers(await list(hospital, `status=requested&hospitals=${encodeURIComponent(PARIS_HEGP)}`)),
      ).toEqual([]);
      expect((await hospital.get(`/missions/details/${ids[1]}`)).status).toBe(404);
    });

    it('lists the hospitals of visible missions for the filter', async () => {
      expect((await ops.get('/missions/hospitals')).body).toEqual({
        data: [{ name: PARIS_HEGP }, { name: BORDEAUX }].sort((a, b) => (a.name < b.name ? -1 : 1)),
      });
      expect((await hospital.get('/missions/hospitals')).body).toEqual({ data: [{ name: BORDEAUX }] });
    });

    /** The menu counts of the seven missions above, as staff sees them. */
    const STAFF_MENU_COUNTS: RecordsCount = {
      total: 7,
      waiting: 2,
      inProgress: 1,
      completed: 1,
      canceled: 2,
      closed: 2,
      statistics: 3,
    };

    it('counts per category for the menu', async () => {
      const staffCounts = await ops.get<{ data: RecordsCount }>('/leon/records-count');
      expect(staffCounts.body.data).toEqual(STAFF_MENU_COUNTS);
    });

    it('counts the menu in one scan at or below the bound, each category on its own above it', async () => {
      const staff: CurrentUser = {
        id: '00000000-0000-4000-8000-000000000000',
        firstName: 'Opé',
        lastName: 'Ration',
        email: 'operation@demo.test',
        phone: '',
        role: 'OPERATION',
        hospitals: [],
        forceChangePassword: false,
        secondFactor: null,
        sessionId: 'test',
      };
      expect(await recordsCount(database().db, staff, 7)).toEqual(STAFF_MENU_COUNTS);
      // Bound 1: the total (7) and each category above 1 are at least 2 (estimates); those of one, exact.
      const above = await recordsCount(database().db, staff, 1);
      expect(above).toMatchObject({ inProgress: 1, completed: 1 });
      for (const name of ['total', 'waiting', 'canceled', 'closed', 'statistics'] as const)
        expect(above[name], name).toBeGreaterThanOrEqual(2);
    });
  });

  describe('access by role (requirements §2 access rules, §6)', () => {
    const callers = () => ({ ADMIN: admin, OPERATION: ops, ACCOUNTING: accounting, HOSPITAL: hospital });

    for (const category of MISSION_CATEGORIES) {
      it(`opens the ${category} list to the roles of its screen`, async () => {
        for (const [role, caller] of Object.entries(callers())) {
          const answer = await list(caller, `status=${category}`);
          if (role === 'HOSPITAL' && category === 'canceled')
            expect(answer, role).toMatchObject(
              refusal(403, "Vous n'avez pas accès à cette liste de missions"),
            );
          else expect(answer.status, role).toBe(200);
        }
      });
    }

    it('refuses HOSPITAL the canceled list whatever the filters', async () => {
      for (const query of [
        'status=canceled&statusNeeded=ANNULEE_45_PLUS',
        'status=canceled&statusNeeded=ANNULEE_45_MOINS',
        `status=canceled&hospitals=${encodeURIComponent(BORDEAUX)}&pageNumber=1&search=TR`,
      ])
        expect((await list(hospital, query)).status).toBe(403);
    });

    it('keeps the menu counts to staff: HOSPITAL, whose menu shows none, is refused them', async () => {
      for (const caller of [admin, ops, accounting])
        expect((await caller.get<{ data: RecordsCount }>('/leon/records-count')).status).toBe(200);
      expect(await hospital.get('/leon/records-count')).toMatchObject(refusal(403, MESSAGES.forbidden));
    });

    it('hides from HOSPITAL its own missions that only the canceled list shows, in every call', async () => {
      // TR-1004 (Bordeaux, ANNULEE_45_PLUS) is in the canceled list only; TR-1005 (ANNULEE_45_MOINS) is
      // also in the closed list, which HOSPITAL may open.
      for (const path of [
        `/missions/details/${ids[3]}`,
        `/missions/generate-pdf/${ids[3]}`,
        `/missions/transport-voucher/${ids[3]}`,
      ]) {
        expect((await hospital.get(path)).status, path).toBe(404);
        expect((await ops.get(path)).status, path).toBe(200);
      }
      for (const category of ['requested', 'inProgress', 'completed', 'closed'])
        expect(numbers(await list(hospital, `status=${category}`))).not.toContain('TR-1004');
    });
  });

  describe('details and PDFs', () => {
    it('gives the legs in order with crew and times', async () => {
      const answer = await ops.get<{ data: MissionDetailsLeg[] }>(`/missions/details/${ids[2]}`);
      expect(answer.body.data.map((l) => `${l.adepIcao}-${l.adesIcao}`)).toEqual(['LFBD-LFML', 'LFML-LFBD']);
      expect(answer.body.data[0]).toMatchObject({
        tripNumber: 'TR-1003',
        acftRegisteration: 'F-HBMV',
        crewList: [{ position: 'CPT' }],
        stdUTC: '2026-03-30T08:00:00.000Z',
      });
    });

    it('generates a real PDF named mission-details.pdf, with French text', async () => {
      const response = await t.app.request(`/missions/generate-pdf/${ids[2]}`, {
        headers: { cookie: [...ops.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="mission-details.pdf"');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getTitle()).toBe('Détails de la mission');
      expect(doc.getPageCount()).toBe(1);
      const voucher = await t.app.request(`/missions/transport-voucher/${ids[0]}`, {
        headers: { cookie: [...ops.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect((await PDFDocument.load(new Uint8Array(await voucher.arrayBuffer()))).getTitle()).toBe(
        'Bon de transport',
      );
      expect((await ops.get(`/missions/transport-voucher/${ids[5]}`)).status).toBe(404);
    });

    it('draws names beyond WinAnsi (Ł, Ş) with an embedded font subset, and a visible � for 急 and 🚑', async () => {
      const [id] = await insertMissions(database().db, [
        {
          tripNumber: 'TR-2001',
          status: 'TERMINEE',
          buyerName: 'CHU Łódź – Şişli 急 🚑',
          departure: '2026-02-10T08:00:00Z',
          legs: [['LTBA', 'İstanbul Atatürk', 'EPWA', 'Warszawa–Okęcie Chopina']],
        },
      ]);
      await database()
        .db.update(missionLegs)
        .set({ crew: [{ name: 'Łukasz', surname: 'Şahin 急救 🚑', position: 'CPT', phoneWork: null }] })
        .where(eq(missionLegs.missionId, id));
      const cookie = [...ops.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      for (const path of [`/missions/generate-pdf/${id}`, `/missions/transport-voucher/${id}`]) {
        const response = await t.app.request(path, { headers: { cookie } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        const bytes = new Uint8Array(await response.arrayBuffer());
        const text = await pdfText(bytes);
        expect(text).toContain('CHU Łódź – Şişli \uFFFD \uFFFD');
        expect(text).toContain('İstanbul Atatürk');
        expect(text).toContain('Warszawa–Okęcie Chopina');
        expect(text).not.toContain(NOTDEF);
        // Subsets of the fonts, not the fonts (Noto Sans latin-ext alone is 78 kB).
        expect(bytes.length, path).toBeLessThan(60_000);
      }
      const details = await t.app.request(`/missions/generate-pdf/${id}`, { headers: { cookie } });
      const text = await pdfText(new Uint8Array(await details.arrayBuffer()));
      expect(text).toContain('Łukasz Şahin \uFFFD\uFFFD \uFFFD');
      expect(text).toContain('Détails de la mission');
    });
  });

  describe('edit, delete, visibility flag', () => {
    const edit = (over: Record<string, unknown> = {}) => ({
      id: ids[2],
      numberOfCristal: 12,
      astonStatus: 'EN_COURS',
      organType: 'COEUR,REINS',
      aircraftType: 'TURBOPROP',
      numberOfMeals: 3,
      isWithIcing: true,
      isWithOCS: false,
      airportDeIcing: ['LFML'],
      ...over,
    });

    it('refuses HOSPITAL users', async () => {
      expect(await hospital.put('/missions/edit/', edit())).toMatchObject(refusal(403, MESSAGES.forbidden));
      expect((await hospital.delete(`/missions/delete/${ids[0]}`)).status).toBe(403);
    });

    it('validates with the form rules and changes nothing on bad input', async () => {
      const before = await database().db.select().from(missions).where(eq(missions.id, ids[2]));
      for (const numberOfCristal of [1.5, 0, '12'])
        expect(await ops.put('/missions/edit/', edit({ numberOfCristal }))).toMatchObject({
          status: 400,
          body: { message: 'le nombre de cristals doit être entier' },
        });
      // Numbers and booleans as strings are refused (the contract's types are the wire's).
      for (const over of [
        { numberOfMeals: '3' },
        { numberOfMeals: -1 },
        { isWithIcing: 'true' },
        { isWithOCS: 'false' },
      ])
        expect(await ops.put('/missions/edit/', edit(over))).toMatchObject({
          status: 400,
          body: { message: 'Obligatoire' },
        });
      expect(await ops.put('/missions/edit/', edit({ organType: '' }))).toMatchObject({
        status: 400,
        body: { message: 'Obligatoire' },
      });
      expect(await ops.put('/missions/edit/', edit({ airportDeIcing: ['LFPG'] }))).toMatchObject({
        status: 400,
        body: { message: "L'aéroport de dégivrage doit être un aéroport de départ de la mission" },
      });
      expect(await database().db.select().from(missions).where(eq(missions.id, ids[2]))).toEqual(before);
    });

    it('saves the back-office fields, marks a staff status, clears de-icing airports without de-icing, and audits', async () => {
      const saved = await ops.put<{ data: MissionRow }>('/missions/edit/', edit({ astonStatus: 'TERMINEE' }));
      expect(saved).toMatchObject({
        status: 200,
        body: {
          data: {
            status: 'TERMINEE',
            organType: ['COEUR', 'REINS'],
            aircraftType: 'TURBOPROP',
            numberOfCristal: 12,
            airportDeIcing: ['LFML'],
          },
        },
      });
      const [row] = await database().db.select().from(missions).where(eq(missions.id, ids[2]));
      expect(row).toMatchObject({ statusSetByStaff: true, aircraftTypeSetByStaff: true });
      const cleared = await ops.put<{ data: MissionRow }>(
        '/missions/edit/',
        edit({ astonStatus: 'TERMINEE', isWithIcing: false }),
      );
      expect(cleared.body.data.airportDeIcing).toEqual([]);
      const entries = await database().db.select().from(auditLog).where(eq(auditLog.action, 'mission.edit'));
      expect(entries).toHaveLength(2);
      expect(entries[0].before).toMatchObject({ status: 'EN_COURS' });
    });

    describe('on the version the form was opened on (decision 064)', () => {
      const versionOf = async (id: string) =>
        (
          await database().db.select({ version: missions.version }).from(missions).where(eq(missions.id, id))
        )[0].version;
      const editsOf = async (id: string) =>
        (await database().db.select().from(auditLog).where(eq(auditLog.entityId, id))).length;

      it('gives the version with each row and each leg of the details', async () => {
        const version = await versionOf(ids[1]);
        const row = (await list(ops, 'status=requested')).body.data.rows.find((r) => r.id === ids[1]);
        expect(row?.version).toBe(version);
        const legs = await ops.get<{ data: MissionDetailsLeg[] }>(`/missions/details/${ids[1]}`);
        expect(legs.body.data.map((leg) => leg.version)).toEqual(legs.body.data.map(() => version));
      });

      it('saves on the current version and bumps it; refuses a stale one with 409, changing nothing', async () => {
        const version = await versionOf(ids[1]);
        const saved = await admin.put<{ data: MissionRow }>(
          '/missions/edit/',
          edit({ id: ids[1], astonStatus: 'PROGRAMMEE', airportDeIcing: [], numberOfCristal: 7, version }),
        );
        expect(saved).toMatchObject({
          status: 200,
          body: { data: { numberOfCristal: 7, version: version + 1 } },
        });
        const [stored] = await database().db.select().from(missions).where(eq(missions.id, ids[1]));
        const audited = await editsOf(ids[1]);
        const stale = await ops.put(
          '/missions/edit/',
          edit({ id: ids[1], astonStatus: 'PROGRAMMEE', airportDeIcing: [], numberOfCristal: 8, version }),
        );
        expect(stale).toMatchObject(
          refusal(
            409,
            'Cette mission a été modifiée entre-temps (par Claire Dubois à 11:00) : rechargez-la avant d’enregistrer.',
          ),
        );
        expect((await database().db.select().from(missions).where(eq(missions.id, ids[1])))[0]).toEqual(
          stored,
        );
        expect(await editsOf(ids[1])).toBe(audited);
      });

      it('saves without a version unchecked, and refuses a version that is not a positive integer', async () => {
        const version = await versionOf(ids[1]);
        const saved = await ops.put<{ data: MissionRow }>(
          '/missions/edit/',
          edit({ id: ids[1], astonStatus: 'PROGRAMMEE', airportDeIcing: [], numberOfCristal: 9 }),
        );
        expect(saved).toMatchObject({
          status: 200,
          body: { data: { numberOfCristal: 9, version: version + 1 } },
        });
        for (const bad of [0, -1, 1.5, '2', null])
          expect((await ops.put('/missions/edit/', edit({ id: ids[1], version: bad }))).status).toBe(400);
      });
    });

    it('soft-deletes: the mission leaves every list and call', async () => {
      expect((await ops.delete(`/missions/delete/${ids[0]}`)).status).toBe(200);
      expect(numbers(await list(ops, 'status=requested'))).toEqual(['TR-1002']);
      expect((await ops.get(`/missions/details/${ids[0]}`)).status).toBe(404);
      expect((await ops.delete(`/missions/delete/${ids[0]}`)).status).toBe(404);
      const [row] = await database().db.select().from(missions).where(eq(missions.id, ids[0]));
      expect(row.deletedAt).not.toBeNull();
    });
  });
});
