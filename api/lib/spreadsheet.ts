// Spreadsheet exports. Formula injection (architecture.md §3) is prevented by the cell's type, not by changing
// its text: every text goes in as an explicit string cell with the Text number format ('@'), so that
// `=1+1` or `+33 1 45…` shows exactly as written, is never evaluated, and stays text when a user edits it.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import { formulaRisk } from './formula-guard';
import { logger } from './log';

/**
 * Adds a row (values by column key, or in column order); its strings become text cells. A value that could
 * be read as a formula (`formulaRisk`, the guard every export shares) must come out a string cell, and a
 * formula object is never written: both throw rather than export something a spreadsheet would evaluate.
 */
export function addTextRow(
  sheet: ExcelJS.Worksheet,
  values: Record<string, unknown> | readonly unknown[],
): ExcelJS.Row {
  for (const value of Object.values(values))
    if (value !== null && typeof value === 'object' && !(value instanceof Date))
      throw new TypeError('exports write text, numbers and dates only');
  const row = sheet.addRow(values);
  row.eachCell((cell) => {
    if (typeof cell.value !== 'string') return;
    cell.numFmt = '@';
    if (formulaRisk(cell.value) && cell.type !== ExcelJS.ValueType.String)
      throw new TypeError('a text that could be a formula must be a string cell');
  });
  return row;
}

/** Amounts: numbers shown in euros with two decimals (Excel shows the separators of the reader's locale). */
export const EURO_FORMAT = '#,##0.00 "€"';
/** Days: date cells shown as dd/mm/yyyy. */
export const DAY_FORMAT = 'dd/mm/yyyy';
/** Durations: a number of days (minutes / 1440) shown as hours and minutes, past 24 h ('125:05'). */
export const DURATION_FORMAT = '[h]:mm';
/** Counts: whole numbers. */
export const COUNT_FORMAT = '0';
/** A day of the contract ('2026-02-03') as a date cell's value: that day at 00:00 UTC, as Excel reads it. */
export const dayCell = (day: string | null): Date | '' => (day ? new Date(`${day}T00:00:00Z`) : '');

export interface SheetColumn<K extends string> {
  header: string;
  key: K;
  width: number;
  /** A number format for the column's numbers and dates (EURO_FORMAT, DAY_FORMAT); texts stay text. */
  style?: { numFmt: string };
}

/** A workbook of one sheet: a bold header row, then one text row per value. */
export function textWorkbook<K extends string>(
  sheetName: string,
  columns: SheetColumn<K>[],
  rows: Array<Record<K, unknown>>,
): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) addTextRow(sheet, row);
  return workbook;
}

export async function xlsxResponse(
  c: Context,
  workbook: ExcelJS.Workbook,
  fileName: string,
): Promise<Response> {
  const buffer = await workbook.xlsx.writeBuffer();
  return c.body(new Uint8Array(buffer as ArrayBuffer), 200, {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A workbook written as a stream (exceljs' WorkbookWriter): each committed row leaves memory, so a year of
 * rows does not hold the workbook. `write` adds the sheets and rows (commit each row); the answer starts
 * as soon as the first bytes are written. A failure after that cuts the download short (the file is then
 * unreadable, never silently incomplete) and is logged.
 */
export function xlsxStreamResponse(
  fileName: string,
  write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>,
): Response {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  (async () => {
    try {
      await write(workbook);
      await workbook.commit();
    } catch (error) {
      logger.error({ err: error }, 'XLSX export failed while streaming');
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return new Response(Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
}
