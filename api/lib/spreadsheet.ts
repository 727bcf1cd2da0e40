// Spreadsheet exports: cells that a spreadsheet would run as a formula are neutralised (DESIGN.md §3).

import type ExcelJS from 'exceljs';
import type { Context } from 'hono';

/** A value safe to put in an exported cell: text starting with = + - @ (or a tab/CR) gets a leading quote. */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
