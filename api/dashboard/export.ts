// The dashboard's XLSX (tableau-de-bord-AAAA-MM-AAAA-MM.xlsx): the figures of GET /dashboard, as its
// answer gives them, one sheet per panel the caller receives (DASHBOARD_SHEETS), each sheet headed by the
// period and the hospitals, then the tables of the panel's charts under their titles. Months are written
// as the screen writes them ('janv. 2026'), money as numbers in euros (EURO_FORMAT), counts as whole
// numbers, flight time as a duration ('125:05'). Texts (hospital and pilot names) go in as string cells,
// which no spreadsheet evaluates (api/lib/spreadsheet.ts).
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import { BILLING_VERDICT_BADGES, BILLING_VERDICTS } from '../../contract/billing';
import {
  DASHBOARD_COST_LINES,
  DASHBOARD_MESSAGES,
  DASHBOARD_SHEETS,
  type DashboardData,
  type DashboardPanel,
  dashboardXlsxFile,
  monthLabel,
  DASHBOARD_CHART_TITLES as TITLES,
} from '../../contract/dashboard';
import { INVOICE_STATUS_BADGES, INVOICE_STATUSES } from '../../contract/invoices';
import { AIRCRAFT_TYPE_LABELS, MISSION_STATUS_BADGES, ORGAN_LABELS } from '../../contract/missions';
import {
  STATISTIC_INVOICE_STATUS_BADGES,
  STATISTIC_INVOICE_STATUSES,
  type StatisticInvoiceStatus,
} from '../../contract/statistics';
import { frenchDay } from '../../contract/validation';
import { addTextRow, COUNT_FORMAT, DURATION_FORMAT, EURO_FORMAT, xlsxResponse } from '../lib/spreadsheet';

/** What a column holds: its cells' number format (texts stay text). */
type Kind = 'text' | 'count' | 'euros' | 'duration';
const FORMATS: Record<Exclude<Kind, 'text'>, string> = {
  count: COUNT_FORMAT,
  euros: EURO_FORMAT,
  duration: DURATION_FORMAT,
};

interface Column {
  header: string;
  kind: Kind;
}
interface Table {
  title: string;
  columns: Column[];
  rows: unknown[][];
}

/** The row of the period's figures under a table by month. */
const PERIOD_ROW = 'Total de la période';
const text = (header: string): Column => ({ header, kind: 'text' });
const count = (header: string): Column => ({ header, kind: 'count' });
const money = (header: string): Column => ({ header: `${header} (€)`, kind: 'euros' });
/** Minutes as a spreadsheet duration (a fraction of a day). */
const duration = (minutes: number) => minutes / 1440;
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

function missionTables({ missions }: DashboardData): Table[] {
  const labels = missions.statuses.map((s) => MISSION_STATUS_BADGES[s].label);
  const countsOf = (m: (typeof missions.byMonth)[number]) => missions.statuses.map((s) => m.counts[s] ?? 0);
  return [
    {
      title: TITLES.missionsByMonth,
      columns: [text('Mois'), ...labels.map(count), count('Total')],
      rows: [
        ...missions.byMonth.map((m) => [monthLabel(m.month), ...countsOf(m), m.total]),
        [
          PERIOD_ROW,
          ...missions.statuses.map((_, i) => sum(missions.byMonth.map((m) => countsOf(m)[i]))),
          missions.total,
        ],
      ],
    },
    {
      title: TITLES.missionsByOrgan,
      columns: [text('Organe'), count('Missions')],
      rows: missions.byOrgan.map((o) => [
        o.organ ? ORGAN_LABELS[o.organ] : DASHBOARD_MESSAGES.noOrgan,
        o.missions,
      ]),
    },
  ];
}

function costTables({ costs }: DashboardData): Table[] {
  const lines = (l: DashboardData['costs']['lines']) => DASHBOARD_COST_LINES.map((c) => l[c.key]);
  return [
    {
      title: TITLES.costsByMonth,
      columns: [
        text('Mois'),
        ...DASHBOARD_COST_LINES.map((l) => money(l.label)),
        money('Total'),
        count('Missions'),
        count(DASHBOARD_MESSAGES.incompleteCost),
      ],
      rows: [
        ...costs.byMonth.map((m) => [
          monthLabel(m.month),
          ...lines(m.lines),
          m.total,
          m.missions,
          m.incomplete,
        ]),
        [PERIOD_ROW, ...lines(costs.lines), costs.total, costs.missions, costs.incomplete],
      ],
    },
    {
      title: TITLES.costsByHospital,
      columns: [text('Hôpital'), money('Total'), count('Missions'), count(DASHBOARD_MESSAGES.incompleteCost)],
      rows: costs.byHospital.map((h) => [
        h.others ? DASHBOARD_MESSAGES.others : (h.hospital ?? DASHBOARD_MESSAGES.noHospital),
        h.total,
        h.missions,
        h.incomplete,
      ]),
    },
  ];
}

function invoiceTables({ invoices }: DashboardData): Table[] {
  if (!invoices) return [];
  const side = (kind: 'flight' | 'airport', title: string): Table => {
    const countsOf = (m: (typeof invoices.byMonth)[number]) =>
      STATISTIC_INVOICE_STATUSES.map((s: StatisticInvoiceStatus) => m[kind][s]);
    return {
      title,
      columns: [
        text('Mois'),
        ...STATISTIC_INVOICE_STATUSES.map((s) => count(STATISTIC_INVOICE_STATUS_BADGES[s].label)),
      ],
      rows: [
        ...invoices.byMonth.map((m) => [monthLabel(m.month), ...countsOf(m)]),
        [
          PERIOD_ROW,
          ...STATISTIC_INVOICE_STATUSES.map((_, i) => sum(invoices.byMonth.map((m) => countsOf(m)[i]))),
        ],
      ],
    };
  };
  return [side('flight', TITLES.invoicesFlight), side('airport', TITLES.invoicesAirport)];
}

function exportTables({ invoices }: DashboardData): Table[] {
  const exported = invoices?.export;
  if (!exported) return [];
  return [
    {
      title: TITLES.invoicesExport,
      columns: [text('Mois'), ...INVOICE_STATUSES.map((s) => count(INVOICE_STATUS_BADGES[s].label))],
      rows: [
        ...exported.byMonth.map((m) => [monthLabel(m.month), ...INVOICE_STATUSES.map((s) => m.counts[s])]),
        [PERIOD_ROW, ...INVOICE_STATUSES.map((s) => exported.counts[s])],
      ],
    },
  ];
}

function billingTables({ billing }: DashboardData): Table[] {
  if (!billing) return [];
  const { totals } = billing;
  return [
    {
      title: TITLES.billingGaps,
      columns: [
        text('Mois'),
        money('Facturé HT'),
        money('Coût calculé'),
        money('Écart'),
        count('Missions comparées'),
      ],
      rows: [
        ...billing.byMonth.map((m) => [
          monthLabel(m.month),
          m.invoiced,
          m.computed,
          m.difference,
          m.compared,
        ]),
        [
          PERIOD_ROW,
          totals.invoiced,
          totals.computed,
          totals.difference,
          sum(billing.byMonth.map((m) => m.compared)),
        ],
        // What the rows without a computed cost invoiced, as the billing screen's totals show it.
        ['Facturé hors comparaison', totals.uncompared],
      ],
    },
    {
      title: TITLES.billingVerdicts,
      columns: [text('Verdict'), count('Missions')],
      rows: BILLING_VERDICTS.map((v) => [BILLING_VERDICT_BADGES[v].label, billing.counts[v]]),
    },
  ];
}

function activityTables({ activity }: DashboardData): Table[] {
  if (!activity) return [];
  return [
    {
      title: TITLES.activityAircraft,
      columns: [
        text('Appareil'),
        text('Type'),
        { header: 'Heures de vol', kind: 'duration' },
        count('Missions'),
      ],
      rows: activity.aircraft.map((a) => [
        a.registration,
        AIRCRAFT_TYPE_LABELS[a.aircraftType],
        duration(a.blockMinutes),
        a.missions,
      ]),
    },
    {
      title: TITLES.activityPilots,
      columns: [text('Pilote'), { header: 'Heures de vol', kind: 'duration' }, count('Étapes')],
      rows: activity.pilots.map((p) => [p.name, duration(p.blockMinutes), p.legs]),
    },
  ];
}

/** The tables of each panel's sheet; a panel the answer leaves out (null) has none, and no sheet. */
const TABLES: Record<DashboardPanel, (data: DashboardData) => Table[]> = {
  missions: missionTables,
  costs: costTables,
  invoices: invoiceTables,
  invoiceExport: exportTables,
  billing: billingTables,
  activity: activityTables,
};

/** A sheet: the period and the hospitals, then each table under its title, a blank row between. */
function addSheet(workbook: ExcelJS.Workbook, name: string, data: DashboardData, tables: Table[]) {
  const sheet = workbook.addWorksheet(name);
  addTextRow(sheet, [
    'Période',
    `du ${frenchDay(data.period.startDate)} au ${frenchDay(data.period.endDate)}`,
  ]);
  addTextRow(sheet, ['Hôpitaux', data.hospitals.length ? data.hospitals.join(', ') : 'Tous']);
  const widths: number[] = [];
  const measure = (values: readonly unknown[]) =>
    values.forEach((v, i) => {
      const width = typeof v === 'string' ? v.length : 12;
      widths[i] = Math.min(Math.max(widths[i] ?? 10, width + 2), 50);
    });
  for (const table of tables) {
    addTextRow(sheet, ['']);
    addTextRow(sheet, [table.title]).font = { bold: true };
    const headers = table.columns.map((c) => c.header);
    addTextRow(sheet, headers).font = { bold: true };
    measure(headers);
    for (const values of table.rows) {
      const row = addTextRow(sheet, values);
      table.columns.forEach((column, i) => {
        if (column.kind !== 'text' && typeof values[i] === 'number')
          row.getCell(i + 1).numFmt = FORMATS[column.kind];
      });
      measure(values);
    }
  }
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
}

/** The workbook of an answer of GET /dashboard: the sheets of the panels it carries, in the screen's order. */
export function dashboardWorkbook(data: DashboardData): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  for (const [panel, tablesOf] of Object.entries(TABLES) as Array<[DashboardPanel, typeof missionTables]>) {
    const tables = tablesOf(data);
    if (tables.length) addSheet(workbook, DASHBOARD_SHEETS[panel], data, tables);
  }
  return workbook;
}

/** tableau-de-bord-AAAA-MM-AAAA-MM.xlsx as the answer. */
export const dashboardXlsx = (c: Context, data: DashboardData) =>
  xlsxResponse(c, dashboardWorkbook(data), dashboardXlsxFile(data.period));
