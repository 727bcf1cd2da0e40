// How numbers and days read on the activity screens (requirements §9): euros, Paris days, block hours.
import { formatInTimeZone } from 'date-fns-tz';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 5450.5 → '5 450,50 €'. */
export const euros = (amount: number) => EUROS.format(amount);

/** An instant's Paris day, dd/MM/yyyy. */
export const parisDate = (iso: string) => formatInTimeZone(new Date(iso), 'Europe/Paris', 'dd/MM/yyyy');

/** 605 minutes → '10 h 05'. */
export const hoursMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
