// Spreadsheet exports. Formula injection (DESIGN.md §3) is prevented by the cell's type, not by changing
// its text: every text goes in as an explicit string cell with the Text number format ('@'), so that
// `=1+1` or `+33 1 45…` shows exactly as written, is never evaluated, and stays text when a user edits it.
import type ExcelJS from 'exceljs';
import type { Context } from 'hono';

/** Adds a row (values by column key); its strings become text cells. */
export function addTextRow(sheet: ExcelJS.Worksheet, values: Record<string, unknown>): ExcelJS.Row {
  const row = sheet.addRow(values);
  row.eachCell((cell) => {
    if (typeof cell.value === 'string') cell.numFmt = '@';
  });
  return row;
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
