// A HOSPITAL user with two hospitals (decision 024), through every call that scopes one: the mission lists
// and the hospitals of their filter, details and PDFs, statistics and their export, incidents. It sees the
// missions of both its hospitals and of no other; a `hospitals` filter narrows within its own, never
// beyond; and a HOSPITAL user left without any hospital sees nothing.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import type { IncidentRow } from '../../contract/incidents';
import type { MissionRow } from '../../contract/missions';
import type { StatisticRow } from '../../contract/statistics';
import { incidents, statistics, users } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_HOSPITALS } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { insertMissions } from '../test/fixtures';
import { type Caller, refusal, seededTestApp, signedIn } from '../test/harness';

type Page<T> = { data: { rows: T[]; pageCount: number } };
const [BORDEAUX, PARIS_HEGP, , , TIMONE] = DEMO_HOSPITALS;
const TWO = 'hopitaux@demo.test';

describeEachDatabase('a HOSPITAL user with two hospitals', (database) => {
  const t = seededTestApp(database);
  let two: Caller;
  let one: Caller;
  let ids: string[];
  const db = () => database().db;
  beforeAll(async () => {
    ids = await insertMissions(db(), [
      { tripNumber: 'SC-1', status: 'EN_ATTENTE', buyerName: PARIS_HEGP, departure: '2026-03-28T08:00:00Z' },
      { tripNumber: 'SC-2', status: 'PROGRAMMEE', buyerName: TIMONE, departure: '2026-03-29T08:00:00Z' },
      { tripNumber: 'SC-3', status: 'EN_ATTENTE', buyerName: BORDEAUX, departure: '2026-03-30T08:00:00Z' },
      { tripNumber: 'SC-4', status: 'TERMINEE', buyerName: PARIS_HEGP, departure: '2026-02-10T08:00:00Z' },
      { tripNumber: 'SC-5', status: 'TERMINEE', buyerName: TIMONE, departure: '2026-02-11T08:00:00Z' },
      { tripNumber: 'SC-6', status: 'TERMINEE', buyerName: BORDEAUX, departure: '2026-02-12T08:00:00Z' },
    ]);
    // Staff made every record visible to the hospitals.
    await db().update(statistics).set({ showForHospital: true });
    const declaredAt = new Date('2026-02-12T12:00:00Z');
    await db()
      .insert(incidents)
      .values(
        ['SC-4', 'SC-5', 'SC-6'].map((tripNumber, i) => ({
          leonReportNid: 900 + i,
          reportNumber: `RS-${tripNumber}`,
          tripNumber,
          declaredAt: new Date(declaredAt.getTime() + i * 60_000),
          category: 'Technique',
          title: `Incident ${tripNumber}`,
          description: 'Porte cargo',
          cause: 'Usure',
          leonStatus: 'OPEN' as const,
          leonUpdatedAt: declaredAt,
        })),
      );
    two = await signedIn(t.app, TWO, { ip: '203.0.113.60' });
    one = await signedIn(t.app, 'hopital@demo.test', { ip: '203.0.113.61' });
  });

  const missionNumbers = async (c: Caller, query: string) =>
    (await c.get<Page<MissionRow>>(`/missions?${query}`)).body.data.rows.map((r) => r.tripNumber);
  const statisticNumbers = async (c: Caller, query = '') =>
    (await c.get<Page<StatisticRow>>(`/statistic/all?${query}`)).body.data.rows
      .map((r) => r.numberOfMission)
      .sort();
  const incidentNumbers = async (c: Caller) =>
    (await c.get<Page<IncidentRow>>('/incidents')).body.data.rows.map((r) => r.tripNumber).sort();
  const hospitalsQuery = (...names: string[]) => `hospitals=${encodeURIComponent(names.join(','))}`;

  it('is a demo account holding two hospitals', async () => {
    expect(DEMO_ACCOUNTS.find((a) => a.email === TWO)?.hospitals).toEqual([PARIS_HEGP, TIMONE]);
    expect((await two.get('/user/me')).body).toMatchObject({
      data: { email: TWO, role: 'HOSPITAL', hospitals: [PARIS_HEGP, TIMONE] },
    });
    expect((await one.get('/user/me')).body).toMatchObject({ data: { hospitals: [BORDEAUX] } });
  });

  it('lists the missions of both its hospitals and of no other', async () => {
    expect(await missionNumbers(two, 'status=requested')).toEqual(['SC-1', 'SC-2']);
    expect(await missionNumbers(two, 'status=completed')).toEqual(['SC-5', 'SC-4']);
    expect(await missionNumbers(one, 'status=requested')).toEqual(['SC-3']);
  });

  it('filters within its own hospitals, never beyond them', async () => {
    expect(await missionNumbers(two, `status=requested&${hospitalsQuery(TIMONE)}`)).toEqual(['SC-2']);
    expect(await missionNumbers(two, `status=requested&${hospitalsQuery(PARIS_HEGP, TIMONE)}`)).toEqual([
      'SC-1',
      'SC-2',
    ]);
    // Another hospital: nothing of it, alone or beside one of its own.
    expect(await missionNumbers(two, `status=requested&${hospitalsQuery(BORDEAUX)}`)).toEqual([]);
    expect(await missionNumbers(two, `status=requested&${hospitalsQuery(BORDEAUX, TIMONE)}`)).toEqual([
      'SC-2',
    ]);
    expect(await missionNumbers(one, `status=requested&${hospitalsQuery(PARIS_HEGP)}`)).toEqual([]);
  });

  it('offers its own hospitals, all of them and only them, to filter on', async () => {
    // By name: 'AP-HM …' before 'AP-HP …'.
    expect((await two.get('/missions/hospitals')).body).toEqual({
      data: [{ name: TIMONE }, { name: PARIS_HEGP }],
    });
    expect((await one.get('/missions/hospitals')).body).toEqual({ data: [{ name: BORDEAUX }] });
  });

  it("opens the details and PDFs of its hospitals' missions, and a 404 for another's", async () => {
    for (const id of [ids[0], ids[1]]) {
      expect((await two.get(`/missions/details/${id}`)).status).toBe(200);
      expect((await two.get(`/missions/generate-pdf/${id}`)).status).toBe(200);
      expect((await two.get(`/missions/transport-voucher/${id}`)).status).toBe(200);
    }
    for (const path of ['details', 'generate-pdf', 'transport-voucher'])
      expect((await two.get(`/missions/${path}/${ids[2]}`)).status).toBe(404);
    expect(await two.get('/leon/records-count')).toMatchObject(refusal(403, MESSAGES.forbidden));
  });

  it('reads the statistics of both its hospitals, filtered within them, and exports those only', async () => {
    expect(await statisticNumbers(two)).toEqual(['SC-4', 'SC-5']);
    expect(await statisticNumbers(two, hospitalsQuery(PARIS_HEGP))).toEqual(['SC-4']);
    expect(await statisticNumbers(two, hospitalsQuery(BORDEAUX))).toEqual([]);
    expect(await statisticNumbers(two, hospitalsQuery(BORDEAUX, TIMONE))).toEqual(['SC-5']);
    expect(await statisticNumbers(one)).toEqual(['SC-6']);

    const response = await t.app.request('/statistic/export-excel', {
      headers: { cookie: [...two.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const exported: string[] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) exported.push(String(row.getCell(1).value));
    });
    expect(exported.sort()).toEqual(['SC-4', 'SC-5']);
  });

  it("reads the incidents of both its hospitals' missions and a 404 for another's", async () => {
    expect(await incidentNumbers(two)).toEqual(['SC-4', 'SC-5']);
    expect(await incidentNumbers(one)).toEqual(['SC-6']);
    const [other] = await db().select().from(incidents).where(eq(incidents.tripNumber, 'SC-6'));
    const [own] = await db().select().from(incidents).where(eq(incidents.tripNumber, 'SC-5'));
    expect((await two.get(`/incidents/details/${own.id}`)).status).toBe(200);
    expect((await two.get(`/incidents/details/${other.id}`)).status).toBe(404);
    expect((await two.get(`/incidents/details/${ids[5]}`)).status).toBe(404);
  });

  it('sees nothing once it holds no hospital', async () => {
    await db().update(users).set({ hospitals: [] }).where(eq(users.email, TWO));
    expect(await missionNumbers(two, 'status=requested')).toEqual([]);
    expect(await missionNumbers(two, `status=requested&${hospitalsQuery(PARIS_HEGP)}`)).toEqual([]);
    expect((await two.get('/missions/hospitals')).body).toEqual({ data: [] });
    expect((await two.get(`/missions/details/${ids[0]}`)).status).toBe(404);
    expect(await statisticNumbers(two)).toEqual([]);
    expect(await incidentNumbers(two)).toEqual([]);
  });
});
