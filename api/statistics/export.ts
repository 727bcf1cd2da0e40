// statistiques.xlsx: every column of the screen for the caller's scope and period, written as a stream
// in batches (api/lib/spreadsheet.ts), euros as numbers with a euro format, days as dates (one date cell
// per realisation day, under the one heading 'Date(s) de réalisation' spanning them), statuses in French,
// text cells typed as text (no formula injection).
import type { SQL } from 'drizzle-orm';
import { AIRCRAFT_TYPE_LABELS } from '../../contract/missions';
import {
  formatMinutes,
  LATE_CANCELLATION_LABEL,
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_MESSAGES,
  type StatisticRow,
  type WireFigure,
} from '../../contract/statistics';
import type { Db } from '../db/client';
import type { CurrentUser } from '../lib/context';
import { addTextRow, DAY_FORMAT, dayCell, EURO_FORMAT, xlsxStreamResponse } from '../lib/spreadsheet';
import type { CostRules, PriceBook } from '../prices';
import { mostRealisationDays, readPage, toRows } from './records';

const BATCH = 1000;
const YIELD_EVERY = 100;
/** Amounts in a text cell, as `toLocaleString('fr-FR', …)` writes them, with one formatter built once (a
 * `toLocaleString` with options builds its own on every call: 0.4 s of a 10,000-row export). */
const EUROS_FR = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const figure = (f: WireFigure): number | string =>
  f.ok ? f.value : `${STATISTIC_MESSAGES.missingPrice} : ${f.reason}`;
const REALISATION = 'Date(s) de réalisation';
const dayKey = (i: number) => `dateOfRealization${i}`;

export function writeStatisticsWorkbook(
  db: Db,
  user: CurrentUser,
  where: SQL,
  book: PriceBook,
  rules: CostRules,
): Response {
  const staff = user.role !== 'HOSPITAL';
  return xlsxStreamResponse('statistiques.xlsx', async (workbook) => {
    // Every row gets as many day cells as the export's most-days mission (a mission flown over midnight
    // has two): each day a real date, the same columns on every row.
    const dayCells = await mostRealisationDays(db, where);
    const sheet = workbook.addWorksheet('Statistiques');
    sheet.columns = [
      { header: 'N° de mission', key: 'numberOfMission', width: 16 },
      { header: 'Hôpital', key: 'hospitalName', width: 30 },
      ...Array.from({ length: dayCells }, (_, i) => ({
        header: i === 0 ? REALISATION : '',
        key: dayKey(i),
        width: 12,
        style: { numFmt: DAY_FORMAT },
      })),
      { header: 'Départ', key: 'departures', width: 30 },
      { header: 'Arrivée', key: 'arrivals', width: 30 },
      { header: "Type d'avion", key: 'aircraftType', width: 12 },
      { header: 'Temps de vol + 15 min', key: 'flightTime', width: 14 },
      { header: 'Coût du temps de vol', key: 'costOfFlightTime', width: 16, style: { numFmt: EURO_FORMAT } },
      { header: 'Coût de la régulation', key: 'costOfRegulation', width: 16, style: { numFmt: EURO_FORMAT } },
      { header: 'Coût des plateaux repas', key: 'costOfMeal', width: 16, style: { numFmt: EURO_FORMAT } },
      { header: 'Coût total vol', key: 'totalCost', width: 16, style: { numFmt: EURO_FORMAT } },
      ...(staff
        ? [
            { header: 'N° facture vol', key: 'flightInvoiceNumber', width: 16 },
            { header: 'Statut vol', key: 'flightStatus', width: 18 },
          ]
        : []),
      { header: 'Coûts aéroport', key: 'airportCosts', width: 36 },
      { header: 'Coût total aéroport', key: 'totalAirportCosts', width: 16, style: { numFmt: EURO_FORMAT } },
      ...(staff
        ? [
            { header: 'N° facture aéroport', key: 'airportInvoiceNumber', width: 16 },
            { header: 'Statut aéroport', key: 'airportStatus', width: 18 },
          ]
        : []),
    ];
    // The spec's one column: its heading spans the day cells.
    const first = sheet.getColumn(dayKey(0)).number;
    if (dayCells > 1) sheet.mergeCells(1, first, 1, first + dayCells - 1);
    // The next batch is read while this one is written, the writer giving way every YIELD_EVERY rows so
    // that the read's statements go out and come back meanwhile. (A read still under way when the writing
    // fails is not waited for; its own failure is then moot.)
    const read = (offset: number) => {
      const batch = readPage(db, where, BATCH, offset);
      batch.catch(() => {});
      return batch;
    };
    let next = read(0);
    for (let offset = 0; ; offset += BATCH) {
      const { records, legs } = await next;
      const last = records.length < BATCH;
      if (!last) next = read(offset + BATCH);
      const rows = toRows(user, records, legs, book, rules);
      for (let i = 0; i < rows.length; i++) {
        if (i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        addTextRow(sheet, cells(rows[i], staff)).commit();
      }
      if (last) break;
    }
    sheet.commit();
  });
}

function cells(row: StatisticRow, staff: boolean): Record<string, unknown> {
  return {
    numberOfMission: row.numberOfMission ?? '-',
    hospitalName: row.hospitalName ?? '-',
    ...Object.fromEntries(row.dateOfRealization.map((day, i) => [dayKey(i), dayCell(day)])),
    departures: row.departures.join(', '),
    arrivals: row.arrivals.join(', '),
    aircraftType: AIRCRAFT_TYPE_LABELS[row.aircraftType],
    // The time cell says why no flight time is charged: the row is a late cancellation.
    flightTime: `${row.flightTime.ok ? formatMinutes(row.flightTime.value) : 'N.D'}${row.lateCancellation ? ` (${LATE_CANCELLATION_LABEL})` : ''}`,
    costOfFlightTime: row.aircraftType === 'ND' ? 'N.D' : figure(row.costOfFlightTime),
    costOfRegulation: figure(row.costOfRegulation),
    costOfMeal: figure(row.costOfMeal),
    totalCost: figure(row.totalCost),
    airportCosts: row.airportCosts
      .map(
        (a) =>
          `${a.icaoCode} : ${a.amount.ok ? `${EUROS_FR.format(a.amount.value)} €` : STATISTIC_MESSAGES.missingPrice}`,
      )
      .join(', '),
    totalAirportCosts: figure(row.totalAirportCosts),
    ...(staff
      ? {
          flightInvoiceNumber: row.flightInvoiceNumber ?? '',
          flightStatus: row.flightStatus ? STATISTIC_INVOICE_STATUS_BADGES[row.flightStatus].label : '',
          airportInvoiceNumber: row.airportInvoiceNumber ?? '',
          airportStatus: row.airportStatus ? STATISTIC_INVOICE_STATUS_BADGES[row.airportStatus].label : '',
        }
      : {}),
  };
}
