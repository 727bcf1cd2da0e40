// How the dashboard writes its figures: as the tables do (web/ui/format.ts): '1 234,50 €', '10 h 05'; months
// ('janv. 2026') are written by contract/dashboard.ts's `monthLabel`, which the XLSX export shares.
import { euros, hoursMinutes } from '../ui/format';

/** What a chart's values are: a count, an amount in euros, or minutes of flight. */
export type Unit = 'count' | 'euros' | 'minutes';

const COUNT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A value as the tables write it. */
export function formatValue(value: number, unit: Unit): string {
  if (unit === 'euros') return euros(value);
  if (unit === 'minutes') return hoursMinutes(Math.round(value));
  return COUNT.format(value);
}

/** The first and last days of a month 'yyyy-MM' (the lists' period filter). */
export function monthDays(month: string): { startDate: string; endDate: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

/** The last `count` months ending with the month of `today`, oldest first ('yyyy-MM'). */
export function lastMonths(today: Date, count: number): string[] {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
