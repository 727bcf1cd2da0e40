// Invoices end to end on PGlite and PostgreSQL: Leon's sales invoices and credit notes arrive with a sync
// run and become accounting rows (ERROR with a French reason when incomplete), the paged list, the retry
// of ERROR rows, the CSV export (format, balance, marking, audit, concurrency, failure) and bad input.
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../contract/http';
import type { InvoiceRetryResult, InvoiceRow } from '../../contract/invoices';
import { INVOICE_CSV_COLUMNS, INVOICE_MESSAGES } from '../../contract/invoices';
import { INPUT_MESSAGES } from '../../contract/validation';
import { auditLog, invoices } from '../db/schema';
import { seedDemo } from '../db/seed';
import type { createLeonSimulator } from '../leon';
import { describeEachDatabase } from '../test/databases';
import { Caller, ORIGIN, refusal, testApp, testLeon } from '../test/harness';
import { exportInvoicesCsv, storeInvoices } from './service';

type ListBody = { data: Page<InvoiceRow>; message?: string };
const STRASBOURG = 'CHU de Strasbourg – Nouvel Hôpital Civil';
const PERIOD = { startDate: '2023-01-01', endDate: '2026-12-31' };
const EXPORT = '/invoice/export-csv';

describeEachDatabase('invoices', (database) => {
  let t: ReturnType<typeof testApp>;
  let sim: ReturnType<typeof createLeonSimulator>;
  const callers = {} as Record<'admin' | 'accounting' | 'operation' | 'hospital' | 'anonymous', Caller>;
  const nids = {} as Record<'strasbourg' | 'huge' | 'negative' | 'decimals' | 'twice', number>;

  const all = async () =>
    (await callers.accounting.get<ListBody>('/invoice/leon-invoices?pageSize=100')).body.data.rows;
  const byNid = async (nid: number) =>
    (await database().db.select().from(invoices).where(eq(invoices.leonInvoiceNid, nid)))[0];

  beforeAll(async () => {
    await seedDemo(database().db);
    const clock = { now: Date.parse('2026-03-02T10:00:00Z') };
    const simulated = testLeon({ seed: 3, now: () => clock.now, trips: 30 });
    sim = simulated.sim;
    const leon = simulated.leon;
    t = testApp(database().db, {}, leon);
    t.clock.now = new Date(clock.now);
    // Invoices of the tests' own cases, beside those the simulator issued for completed trips.
    nids.strasbourg = sim.invoices.add({
      clientNid: 9008,
      issueDate: '2026-02-20',
      tripNumber: '24001',
    }).salesInvoiceNid;
    nids.huge = sim.invoices.add({
      issueDate: '2026-02-21',
      totalGross: 1e12,
      totalNet: null,
      totalTax: null,
    }).salesInvoiceNid;
    nids.negative = sim.invoices.add({
      issueDate: '2026-02-21',
      totalGross: -50,
      totalNet: -40,
      totalTax: -10,
    }).salesInvoiceNid;
    nids.decimals = sim.invoices.add({
      issueDate: '2026-02-21',
      totalGross: 12.345,
      totalNet: null,
    }).salesInvoiceNid;
    nids.twice = sim.invoices.add({ issueDate: '2026-02-22' }).salesInvoiceNid;
    for (const [who, email] of [
      ['admin', 'admin@demo.test'],
      ['accounting', 'accounting@demo.test'],
      ['operation', 'operation@demo.test'],
      ['hospital', 'hopital@demo.test'],
    ] as const) {
      callers[who] = new Caller(t.app, `198.51.100.${Object.keys(callers).length + 20}`);
      await callers[who].login(email);
    }
    callers.anonymous = new Caller(t.app, '198.51.100.40');
    const sync = await callers.admin.put('/leon/synchronize-data');
    expect(sync.status).toBe(200);
  });

  it('turns each Leon invoice and credit note into one row, ERROR with a French reason when incomplete', async () => {
    const rows = await all();
    const leonCount = sim.invoices.all().length;
    expect(rows).toHaveLength(leonCount);
    expect(new Set(rows.map((r) => r.invoiceId1)).size).toBe(leonCount);
    const types = new Set(rows.map((r) => r.invoiceType));
    expect(types).toEqual(new Set(['INVOICE', 'RECHARGE_INVOICE', 'CREDIT_NOTE']));
    const strasbourg = rows.find((r) => r.invoiceId1 === String(nids.strasbourg))!;
    expect(strasbourg.status).toBe('ERROR');
    expect(strasbourg.errorMessage).toBe(`Code tiers manquant pour le client ${STRASBOURG}`);
    const pending = rows.find((r) => r.status === 'PENDING' && r.invoiceType === 'INVOICE')!;
    expect(pending.errorMessage).toBeNull();
    expect(pending).toMatchObject({
      society: 'AMB',
      journal: 'VTE',
      generalAccount: '706100',
      type: 'FA',
      tax: 'TVA20',
      debit: 0,
    });
    expect(pending.credit).toBeGreaterThan(0);
    expect(Number.isInteger(Math.round(pending.credit * 100))).toBe(true);
    expect(pending.phoneBookContactCode).toMatch(/^[A-Z]{6}$/);
    expect(pending.requesterTripNumber).toMatch(/^\d+$/);
    expect(pending.departureDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const credit = rows.find((r) => r.invoiceType === 'CREDIT_NOTE' && r.status === 'PENDING')!;
    expect(credit).toMatchObject({ generalAccount: '709000', type: 'AV', credit: 0 });
    expect(credit.debit).toBeGreaterThan(0);
    expect(credit.invoiceNumber2).toMatch(/^FA/);
    // The simulator sends one invoice in seven without its amount.
    expect(
      rows.some((r) => r.status === 'ERROR' && /^Montant manquant sur la facture FA/.test(r.errorMessage!)),
    ).toBe(true);
  });

  it('refuses absurd amounts with their reason', async () => {
    const rows = await all();
    const reason = (nid: number) => rows.find((r) => r.invoiceId1 === String(nid))?.errorMessage;
    expect(reason(nids.huge)).toMatch(/^Montant invalide sur la facture FA\d{4}-\d{5} : 1000000000000,00 €$/);
    expect(reason(nids.negative)).toMatch(/^Montant négatif sur la facture .* : -50,00 €$/);
    expect(reason(nids.decimals)).toMatch(/Montant invalide \(plus de deux décimales : 12\.345\)/);
  });

  it('pages 3 rows newest first, searches by mission number, sorts', async () => {
    const first = await callers.accounting.get<ListBody>('/invoice/leon-invoices?pageSize=3&pageNumber=1');
    expect(first.status).toBe(200);
    const total = sim.invoices.all().length;
    expect(first.body.data.pageCount).toBe(Math.ceil(total / 3));
    expect(first.body.data.rows).toHaveLength(3);
    const dates = (await all()).map((r) => r.invoiceDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const search = await callers.accounting.get<ListBody>('/invoice/leon-invoices?pageSize=100&search=24001');
    expect(search.body.data.rows.length).toBeGreaterThan(0);
    expect(search.body.data.rows.every((r) => r.requesterTripNumber?.includes('24001'))).toBe(true);
    const sorted = await callers.accounting.get<ListBody>(
      '/invoice/leon-invoices?pageSize=100&sort=credit&direction=desc',
    );
    const credits = sorted.body.data.rows.map((r) => r.credit);
    expect(credits).toEqual([...credits].sort((a, b) => b - a));
  });

  it('is for ADMIN and ACCOUNTING only', async () => {
    for (const who of ['operation', 'hospital'] as const) {
      expect((await callers[who].get('/invoice/leon-invoices')).status).toBe(403);
      expect((await callers[who].post(EXPORT, PERIOD)).status).toBe(403);
      expect((await callers[who].put('/invoice/update-invoices-with-error')).status).toBe(403);
    }
    expect((await callers.anonymous.get('/invoice/leon-invoices')).status).toBe(401);
    expect((await callers.admin.get('/invoice/leon-invoices')).status).toBe(200);
  });

  it('keeps one row for an invoice Leon sends twice, rebuilt from the latest data', async () => {
    sim.invoices.change(nids.twice, { tag: 'PREMIER' });
    sim.invoices.change(nids.twice, { tag: 'SECOND' });
    expect((await callers.admin.put('/leon/synchronize-data')).status).toBe(200);
    const rows = (await all()).filter((r) => r.invoiceId1 === String(nids.twice));
    expect(rows).toHaveLength(1);
    expect(rows[0].invoiceTag).toBe('SECOND');
  });

  it('keeps one row when the same invoice comes twice in one answer, the last one winning', async () => {
    const base = (await all()).find((r) => r.invoiceId1 === String(nids.twice))!;
    const invoice = (tag: string) => ({
      salesInvoiceNid: nids.twice,
      invoiceNumber: base.invoiceNumber,
      invoiceType: 'INVOICE',
      issueDate: base.invoiceDate,
      dueDate: base.invoiceDueDate,
      totalNet: 1000,
      totalTax: 200,
      totalGross: 1200,
      currency: 'EUR',
      tag,
      quoteRequestId: null,
      correctedInvoiceNid: null,
      correctedInvoiceNumber: null,
      tripNumber: null,
      departureUTC: null,
      registration: null,
      client: null,
    });
    const counts = await database().db.transaction((tx) =>
      storeInvoices(tx, [invoice('A'), invoice('B')], t.config.accounting, new Date()),
    );
    expect(counts).toEqual({ created: 0, updated: 1, errors: 1, kept: 0 });
    const rows = await database().db.select().from(invoices).where(eq(invoices.leonInvoiceNid, nids.twice));
    expect(rows.map((r) => [r.invoiceTag, r.errorMessage])).toEqual([
      ['B', `Client manquant sur la facture ${base.invoiceNumber}`],
    ]);
    // Back to Leon's own data for the next tests.
    sim.invoices.change(nids.twice, { tag: 'SECOND' });
    await callers.admin.put('/leon/synchronize-data');
    expect((await byNid(nids.twice)).status).toBe('PENDING');
  });

  it('rebuilds the ERROR rows from Leon and answers how many were fixed and remain', async () => {
    const before = (await all()).filter((r) => r.status === 'ERROR').length;
    sim.invoices.changeClient(9008, { accountingCode: 'CHRUST' });
    const answer = await callers.accounting.put<{ data: InvoiceRetryResult }>(
      '/invoice/update-invoices-with-error',
    );
    expect(answer.status).toBe(200);
    const fixedRows = (await all()).filter((r) => r.requester === STRASBOURG && r.status === 'PENDING');
    expect(fixedRows.length).toBeGreaterThan(0);
    expect(answer.body.data).toEqual({
      fixed: fixedRows.length,
      stillInError: before - fixedRows.length,
      retried: before,
      remaining: before - fixedRows.length,
    });
    expect((await byNid(nids.strasbourg)).phoneBookContactCode).toBe('CHRUST');
    const [entry] = await database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.retry-errors'));
    expect(entry.after).toMatchObject({ fixed: fixedRows.length, retried: before });
  });

  it('refuses a bad period or flag with a French message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ startDate: '2026-03-01', endDate: '2026-02-01' }, INVOICE_MESSAGES.periodOrder],
      [{ startDate: '2022-12-31', endDate: '2026-02-01' }, INVOICE_MESSAGES.periodTooEarly],
      [{ endDate: '2026-02-01' }, INVOICE_MESSAGES.periodRequired],
      [{}, INVOICE_MESSAGES.periodRequired],
      [{ startDate: '2026-02-30', endDate: '2026-03-01' }, INPUT_MESSAGES.day],
      [{ ...PERIOD, exportSuccess: 'yes' }, INVOICE_MESSAGES.exportSuccessFlag],
      [{ ...PERIOD, exportSuccess: 'true' }, INVOICE_MESSAGES.exportSuccessFlag],
    ];
    for (const [input, message] of cases) {
      const answer = await callers.accounting.post(EXPORT, input);
      expect([input, answer.status, answer.body]).toEqual([
        input,
        400,
        { message, requestId: expect.any(String) },
      ]);
    }
    const sort = await callers.accounting.get('/invoice/leon-invoices?sort=password');
    expect(sort).toMatchObject(refusal(400, INVOICE_MESSAGES.unknownSort));
    expect((await database().db.select().from(invoices).where(eq(invoices.status, 'SUCCESS'))).length).toBe(
      0,
    );
  });

  it('is a POST under the CSRF rule: a GET or a POST from another site marks nothing', async () => {
    const pending = (await all()).filter((r) => r.status === 'PENDING').length;
    expect(pending).toBeGreaterThan(0);
    const viaGet = await callers.accounting.get(`${EXPORT}?startDate=2023-01-01&endDate=2099-12-31`);
    expect(viaGet.status).toBe(404);
    const crossSite = await callers.accounting.call('POST', EXPORT, PERIOD, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await all()).filter((r) => r.status === 'PENDING')).toHaveLength(pending);
  });

  it('marks nothing when writing the file fails', async () => {
    const failing = () => {
      throw new Error('disk full');
    };
    await expect(
      exportInvoicesCsv(
        database().db,
        { startDate: '2023-01-01', endDate: '2026-12-31' },
        {
          accounting: t.config.accounting,
          actorId: '00000000-0000-0000-0000-000000000000',
          now: new Date(),
          write: failing,
        },
      ),
    ).rejects.toThrow('disk full');
    expect((await database().db.select().from(invoices).where(eq(invoices.status, 'SUCCESS'))).length).toBe(
      0,
    );
  });

  it('exports the PENDING rows of the period as a French accounting CSV, balanced, and marks them SUCCESS', async () => {
    const rows = await all();
    const pending = rows.filter((r) => r.status === 'PENDING' && r.invoiceDate! <= '2026-12-31');
    expect(pending.length).toBeGreaterThan(3);
    const answer = await t.app.request(EXPORT, {
      method: 'POST',
      headers: {
        cookie: [...callers.accounting.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: ORIGIN,
        'content-type': 'application/json',
      },
      body: JSON.stringify(PERIOD),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="invoices.csv"');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rest] = text.slice(1).split('\r\n');
    expect(header).toBe(INVOICE_CSV_COLUMNS.map((c) => c.header).join(';'));
    expect(rest.at(-1)).toBe('');
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false);
    const parsed = parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(parsed).toHaveLength(pending.length * 2);
    const amount = (s: string) => {
      expect(s).toMatch(/^\d+,\d{2}$/);
      return Math.round(Number(s.replace(',', '.')) * 100);
    };
    const debit = parsed.reduce((sum, line) => sum + amount(line.Débit), 0);
    const credit = parsed.reduce((sum, line) => sum + amount(line.Crédit), 0);
    expect(debit).toBe(credit);
    expect(debit).toBeGreaterThan(0);
    // Parsed back: the rows and their amounts, each followed by its counterpart on the customers' account.
    const exported = new Map(pending.map((r) => [r.invoiceId1, r]));
    for (let i = 0; i < parsed.length; i += 2) {
      const [line, counterpart] = [parsed[i], parsed[i + 1]];
      const row = exported.get(line['ID facture 1'])!;
      expect(row).toBeDefined();
      expect(line['N° de pièce']).toBe(row.invoiceNumber);
      expect(line['Compte général']).toBe(row.generalAccount);
      expect(amount(line.Débit)).toBe(Math.round(row.debit * 100));
      expect(amount(line.Crédit)).toBe(Math.round(row.credit * 100));
      expect(line['Date de pièce']).toBe(row.invoiceDate!.split('-').reverse().join('/'));
      expect(line.Client).toBe(row.requester);
      expect(line.Téléphone).toBe(`'${row.workPhone}`);
      expect(counterpart['Compte général']).toBe('411000');
      expect(counterpart['ID facture 1']).toBe(row.invoiceId1);
      expect(amount(counterpart.Débit)).toBe(Math.round(row.credit * 100));
      expect(amount(counterpart.Crédit)).toBe(Math.round(row.debit * 100));
      exported.delete(row.invoiceId1);
    }
    expect(exported.size).toBe(0);
    const after = await all();
    expect(after.filter((r) => r.status === 'SUCCESS')).toHaveLength(pending.length);
    expect(after.filter((r) => r.status === 'ERROR').length).toBe(
      rows.filter((r) => r.status === 'ERROR').length,
    );
    const [entry] = await database().db.select().from(auditLog).where(eq(auditLog.action, 'invoice.export'));
    expect(entry.after).toEqual({
      startDate: '2023-01-01',
      endDate: '2026-12-31',
      exportSuccess: false,
      rows: pending.length,
    });
    // Nothing is PENDING any more: a second export is the header alone; with exportSuccess, all again.
    const again = await callers.accounting.call<string>('POST', EXPORT, PERIOD);
    expect(parse(again.body, { bom: true, delimiter: ';', columns: true })).toHaveLength(0);
    const withSuccess = await callers.accounting.call<string>('POST', EXPORT, {
      ...PERIOD,
      exportSuccess: true,
    });
    expect(parse(withSuccess.body, { bom: true, delimiter: ';', columns: true })).toHaveLength(
      pending.length * 2,
    );
  });

  it('keeps an exported row as exported when Leon changes it', async () => {
    const exported = (await all()).find((r) => r.status === 'SUCCESS' && r.invoiceType === 'INVOICE')!;
    sim.invoices.change(Number(exported.invoiceId1), { tag: 'CHANGE-APRES-EXPORT' });
    await callers.admin.put('/leon/synchronize-data');
    const row = await byNid(Number(exported.invoiceId1));
    expect(row.status).toBe('SUCCESS');
    expect(row.invoiceTag).toBe(exported.invoiceTag);
  });

  it('never exports a row twice when two exports run at once, nor loses one', async () => {
    const added = Array.from(
      { length: 6 },
      (_, i) => sim.invoices.add({ issueDate: `2026-02-0${i + 1}` }).salesInvoiceNid,
    );
    await callers.admin.put('/leon/synchronize-data');
    const db = database().db;
    const pending = await db.select().from(invoices).where(eq(invoices.status, 'PENDING'));
    expect(pending.map((r) => r.leonInvoiceNid).sort()).toEqual([...added].sort());
    const [a, b] = await Promise.all([
      callers.accounting.call<string>('POST', EXPORT, PERIOD),
      callers.admin.call<string>('POST', EXPORT, PERIOD),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = [a.body, b.body].flatMap((text) =>
      (parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[])
        .filter((_, i) => i % 2 === 0)
        .map((line) => Number(line['ID facture 1'])),
    );
    expect(ids.sort()).toEqual([...added].sort());
    const left = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, 'PENDING')));
    expect(left).toHaveLength(0);
  });
});
