// The CSV writer: BOM, ';', CRLF, header, dd/MM/yyyy, decimal comma, formula-safe text, two balanced
// lines per row; parsed back with csv-parse it gives the same rows and amounts.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { INVOICE_CSV_COLUMNS, type InvoiceRow } from '../../contract/invoices';
import { invoiceRow } from '../../contract/testing/invoices';
import { frenchAmount, frenchDay, safeCell, writeInvoicesCsv } from './csv';

const row = (patch: Partial<InvoiceRow> = {}): InvoiceRow =>
  invoiceRow({
    id: '7d0f4a53-2d5e-4a8e-9a4b-6c1f1f0b2a11',
    address1: '12 rue "Haute"; bâtiment B',
    ...patch,
  });

describe('writeInvoicesCsv', () => {
  const rows = [
    row(),
    row({
      invoiceType: 'CREDIT_NOTE',
      invoiceNumber: 'AV2026-00001',
      generalAccount: '709000',
      type: 'AV',
      debit: 120,
      credit: 0,
      invoiceId1: '800124',
      requester: '=HYPERLINK("http://x")',
    }),
  ];
  const text = writeInvoicesCsv(rows, '411000');

  it('writes UTF-8 with a BOM, a header of the documented columns, ; and CRLF', () => {
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.map((c) => c.header).join(';'));
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines.at(-1)).toBe('');
    expect(INVOICE_CSV_COLUMNS).toHaveLength(30);
  });

  it('writes days dd/MM/yyyy, amounts with a decimal comma, text formula-safe and quoted when needed', () => {
    const first = text.slice(1).split('\r\n')[1];
    expect(
      first.startsWith(
        'AMB;VTE;27/02/2026;FA2026-00042;;QR-5012;706100;CHUBDX;24012;29/03/2026;0,00;4950,60;FA;',
      ),
    ).toBe(true);
    expect(first).toContain(';"12 rue ""Haute""; bâtiment B";');
    expect(first).toContain(";'+33 5 56 79 56 79;");
    expect(text).toContain(`;"'=HYPERLINK(""http://x"")";`);
  });

  it('parses back to the same rows and amounts, each with its balanced counterpart', () => {
    const parsed = parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(parsed.map((l) => [l['N° de pièce'], l['Compte général'], l.Débit, l.Crédit])).toEqual([
      ['FA2026-00042', '706100', '0,00', '4950,60'],
      ['FA2026-00042', '411000', '4950,60', '0,00'],
      ['AV2026-00001', '709000', '120,00', '0,00'],
      ['AV2026-00001', '411000', '0,00', '120,00'],
    ]);
    expect(parsed[0]['Adresse 1']).toBe('12 rue "Haute"; bâtiment B');
    expect(parsed[0].Client).toBe('CHU de Bordeaux – Hôpital Pellegrin');
    expect(parsed[0]['Date de reporting']).toBe('26/02/2026');
    const sum = (key: string) =>
      parsed.reduce((s, l) => s + Math.round(Number(l[key].replace(',', '.')) * 100), 0);
    expect(sum('Débit')).toBe(sum('Crédit'));
  });

  it('is the header alone when nothing is exported', () => {
    expect(writeInvoicesCsv([], '411000')).toBe(
      `\ufeff${INVOICE_CSV_COLUMNS.map((c) => c.header).join(';')}\r\n`,
    );
  });

  it('refuses values it cannot write rather than writing them wrong', () => {
    expect(() => writeInvoicesCsv([row({ credit: Number.NaN })], '411000')).toThrow();
    expect(() => frenchDay('27/02/2026')).toThrow();
    expect(frenchAmount(0.1 + 0.2)).toBe('0,30');
    expect(safeCell('-12')).toBe("'-12");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('Lyon')).toBe('Lyon');
  });

  it('leaves no cell, nor any piece a comma-separated reading would make, that opens a formula', () => {
    const untrusted = [
      ' =1+1',
      '\u00a0=1+1',
      '\u200b=1+1',
      '\n=1+1',
      '＝1+1',
      '＋33 1',
      '－1',
      '＠SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      'x,=1+1',
    ];
    const text = writeInvoicesCsv(
      untrusted.map((requester) => row({ requester })),
      '411000',
    );
    const sign = /^[\s\u00a0\u200b]*[=+\-@＝＋－＠]/u;
    const opens = (cell: string) =>
      /^[\t\r]/.test(cell) || cell.split(/[,;\t\r\n]/).some((p) => sign.test(p));
    for (const delimiter of [';', ',']) {
      const lines = parse(text, {
        bom: true,
        delimiter,
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][];
      const risky = lines.flat().filter(opens);
      expect(risky, `read with '${delimiter}'`).toEqual([]);
    }
  });
});
