// How mission values read on screen: Paris time, 24 h, dd/MM/yyyy; Oui/Non/N.D.
import { formatInTimeZone } from 'date-fns-tz';

export const PARIS = 'Europe/Paris';
export const parisDateTime = (iso: string | null) =>
  iso ? formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm') : '-';
export const yesNo = (value: boolean | null) => (value === null ? 'N.D' : value ? 'Oui' : 'Non');
