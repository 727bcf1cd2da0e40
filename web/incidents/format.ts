// How incident values read on screen: Paris time, 24 h, dd/MM/yyyy (requirements §9); 'N.D' for an unknown mission.
import { formatInTimeZone } from 'date-fns-tz';

export const parisDateTime = (iso: string) =>
  formatInTimeZone(new Date(iso), 'Europe/Paris', 'dd/MM/yyyy HH:mm');
export const missionNumber = (tripNumber: string | null) => tripNumber ?? 'N.D';
