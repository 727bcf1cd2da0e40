// Every period the API reads, on PGlite and PostgreSQL: a day outside the years the back-office knows
// (0001-01-01, 9999-12-31) is refused by the route's contract schema with a French message, never left to
// the database (which refused it on PGlite and read every row on PostgreSQL); pilots and fleet read at most
// 36 months, however the period is given; billing keeps its 92 days.
import { beforeAll, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../contract/billing';
import { ACTIVITY_MAX_MONTHS, CREW_AND_FLEET_MESSAGES } from '../contract/crew-and-fleet';
import { INPUT_MESSAGES } from '../contract/validation';
import { seedDemo } from './db/seed';
import { describeEachDatabase } from './test/databases';
import { type Caller, signedIn, testApp } from './test/harness';

const ANY_PERIOD = 'startDate=0001-01-01&endDate=9999-12-31';
const TOO_LONG = CREW_AND_FLEET_MESSAGES.periodTooLong;

describeEachDatabase('Periods of the API', (database) => {
  let admin: Caller;

  beforeAll(async () => {
    const { db } = database();
    await seedDemo(db, new Date('2026-03-02T10:00:00Z'));
    const t = testApp(db);
    admin = await signedIn(t.app, 'admin@demo.test', { ip: '203.0.113.60' });
  });

  const refused = async (
    answer: Promise<{ status: number; body: { message?: string } }>,
    message: string,
  ) => {
    const { status, body } = await answer;
    expect({ status, message: body.message }).toEqual({ status: 400, message });
  };

  it('names the limit of pilots and fleet: 36 months', () => {
    expect(ACTIVITY_MAX_MONTHS).toBe(36);
    expect(TOO_LONG).toBe('La période ne peut dépasser 36 mois.');
  });

  it.each(['/pilots', '/fleet', '/pilots/missions?pilot=c7002', '/fleet/missions?registration=F-HBMV'])(
    '%s: refuses days out of the years, then any period longer than 36 months',
    async (path) => {
      const at = (query: string) => admin.get(`${path}${path.includes('?') ? '&' : '?'}${query}`);
      await refused(at(ANY_PERIOD), INPUT_MESSAGES.dayOutOfYears);
      await refused(at('startDate=2000-01-01&endDate=2030-12-31'), TOO_LONG);
      await refused(at('startDate=2023-01-01&endDate=2026-01-01'), TOO_LONG);
      // Given alone, the other end is the default's (today, or a year before): still bounded.
      await refused(at('startDate=2000-01-01'), TOO_LONG);
      await refused(at('endDate=2099-12-31'), TOO_LONG);
      for (const ok of ['startDate=2023-01-01&endDate=2025-12-31', 'startDate=2024-02-29', '']) {
        const answer = await at(ok);
        expect({ query: ok, status: answer.status }).toEqual({ query: ok, status: 200 });
      }
    },
  );

  it.each([
    ['/missions?status=requested', INPUT_MESSAGES.dayOutOfYears],
    ['/incidents', INPUT_MESSAGES.dayOutOfYears],
    ['/statistic/all', 'La date ne peut pas être antérieure au 01/01/2023'],
    ['/statistic/export-excel', 'La date ne peut pas être antérieure au 01/01/2023'],
    ['/billing/checks', INPUT_MESSAGES.dayOutOfYears],
    ['/billing/export-excel', INPUT_MESSAGES.dayOutOfYears],
  ])('%s refuses 0001-01-01 to 9999-12-31 in French', async (path, message) => {
    await refused(admin.get(`${path}${path.includes('?') ? '&' : '?'}${ANY_PERIOD}`), message);
  });

  it.each([
    ['/missions?status=requested', '2023-01-01'],
    ['/incidents', '2023-01-01'],
    ['/statistic/all', '2023-01-01'],
    ['/statistic/export-excel', '2023-01-01'],
  ])('%s refuses an end after 2099', async (path, start) => {
    await refused(
      admin.get(`${path}${path.includes('?') ? '&' : '?'}startDate=${start}&endDate=9999-12-31`),
      INPUT_MESSAGES.dayOutOfYears,
    );
  });

  it('billing keeps its 92 days, now checked by its contract schema', async () => {
    await refused(
      admin.get('/billing/checks?startDate=2023-01-01&endDate=2099-12-31'),
      BILLING_MESSAGES.periodTooLong,
    );
    await refused(admin.get('/billing/checks?startDate=2026-02-01'), BILLING_MESSAGES.periodRequired);
    expect((await admin.get('/billing/checks?startDate=2026-01-01&endDate=2026-03-31')).status).toBe(200);
  });

  it('the invoices export refuses an end out of the years', async () => {
    await refused(
      admin.post('/invoice/export-csv', { startDate: '2023-01-01', endDate: '9999-12-31' }),
      INPUT_MESSAGES.dayOutOfYears,
    );
  });
});
