// XLSX exports and the formula guard: every text that could open a formula, in the plain and the streamed
// workbook alike, is read back as written, in a string cell with the Text format and no formula.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formulaRisk } from './formula-guard';
import { addTextRow, textWorkbook, xlsxStreamResponse } from './spreadsheet';

const RISKY = [
  ' =1+1',
  '\u00a0=1+1',
  '\u200b=1+1',
  '\n=1+1',
  '＝1+1',
  '＠SUM(A1)',
  '\t=1+1',
  'x,=1+1',
  '-2+3',
];

const cellsOf = async (bytes: ArrayBuffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const cells: ExcelJS.Cell[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) cells.push(row.getCell(1));
  });
  return cells;
};

describe('spreadsheet exports', () => {
  it('guards the same texts as the CSV', () => {
    for (const text of RISKY) expect(formulaRisk(text)).toBe(true);
  });

  it('writes every risky text as written, in a string cell, in a plain and a streamed workbook', async () => {
    const columns = [{ header: 'Texte', key: 'text' as const, width: 10 }];
    const plain = textWorkbook(
      'Feuille',
      columns,
      RISKY.map((text) => ({ text })),
    );
    const streamed = await xlsxStreamResponse('x.xlsx', async (workbook) => {
      const sheet = workbook.addWorksheet('Feuille');
      sheet.columns = columns;
      for (const text of RISKY) addTextRow(sheet as unknown as ExcelJS.Worksheet, { text }).commit();
    }).arrayBuffer();
    for (const bytes of [(await plain.xlsx.writeBuffer()) as ArrayBuffer, streamed]) {
      const cells = await cellsOf(bytes);
      expect(cells.map((c) => c.value)).toEqual(RISKY);
      for (const cell of cells) {
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.formula).toBeUndefined();
        expect(cell.numFmt).toBe('@');
      }
    }
  });

  it('refuses to write a formula object', () => {
    const sheet = new ExcelJS.Workbook().addWorksheet('Feuille');
    sheet.columns = [{ header: 'Texte', key: 'text', width: 10 }];
    expect(() => addTextRow(sheet, { text: { formula: '1+1' } })).toThrow(TypeError);
  });
});
