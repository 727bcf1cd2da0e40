// Calendar days as the back-office means them: Paris days (requirements §5 'Date-range filter'). A period
// of days filters a timestamp column from the first day's midnight to the midnight after the last day.
import { fromZonedTime } from 'date-fns-tz';
import { type Column, gte, lt, type SQL } from 'drizzle-orm';

export const PARIS = 'Europe/Paris';

/** The instant a Paris calendar day starts. */
export const parisDayStart = (day: string) => fromZonedTime(`${day}T00:00:00`, PARIS);

/** The calendar day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** From the start of the Paris day `day`, undefined when no day is given (no bound). */
export const fromParisDay = (column: Column | SQL, day: string | undefined): SQL | undefined =>
  day ? gte(column as SQL, parisDayStart(day)) : undefined;

/** Until the end of the Paris day `day` (before the next day's midnight), undefined without a day. */
export const untilParisDay = (column: Column | SQL, day: string | undefined): SQL | undefined =>
  day ? lt(column as SQL, parisDayStart(nextDay(day))) : undefined;
