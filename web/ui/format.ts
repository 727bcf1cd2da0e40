// How numbers and times read on screen (requirements §9): euros, Paris days and times (24 h), block hours.
import { formatInTimeZone } from 'date-fns-tz';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 5450.5 → '5 450,50 €'. */
export const euros = (amount: number) => EUROS.format(amount);

export const PARIS = 'Europe/Paris';

/** An instant's Paris day, dd/MM/yyyy. */
export const parisDate = (iso: string) => formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy');

/** An instant in Paris time, dd/MM/yyyy HH:mm, as every table and details screen shows it. */
export const parisDateTime = (iso: string) => formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm');

/** 605 minutes → '10 h 05'. */
export const hoursMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
