// Edit conflicts (issue 50, decision 064): the records a form edits carry a version; a save names the
// version it was made on, and one made on a version that changed meanwhile is refused with 409 and the
// French message below, which names the record and, when the audit log tells it, who changed it and when.
// An open dialog says `elsewhere` as soon as the change feed tells it the record changed (web/live).
// The bodies take the version with `recordVersion` (contract/validation.ts); only the API builds the message.
import { formatInTimeZone } from 'date-fns-tz';

const PARIS = 'Europe/Paris';

/** How each kind of record is named in the message, with the agreement French asks of it. */
export const CONFLICT_RECORDS = {
  mission: {
    changed: 'Cette mission a été modifiée',
    reload: 'rechargez-la',
    elsewhere:
      'Cette mission vient d’être modifiée par ailleurs : son enregistrement sera refusé. Fermez et rouvrez-la pour repartir de sa version actuelle.',
  },
  statistic: {
    changed: 'Cette statistique a été modifiée',
    reload: 'rechargez-la',
    elsewhere:
      'Cette statistique vient d’être modifiée par ailleurs : son enregistrement sera refusé. Fermez et rouvrez-la pour repartir de sa version actuelle.',
  },
  statistics: {
    changed: 'Une des statistiques sélectionnées a été modifiée',
    reload: 'rechargez la liste',
    elsewhere:
      'Une des statistiques sélectionnées vient d’être modifiée par ailleurs : l’enregistrement sera refusé. Fermez et sélectionnez-les de nouveau.',
  },
  incident: {
    changed: 'Cet incident a été modifié',
    reload: 'rechargez-le',
    elsewhere:
      'Cet incident vient d’être modifié par ailleurs : son enregistrement sera refusé. Rechargez-le pour repartir de sa version actuelle.',
  },
  user: {
    changed: 'Cet utilisateur a été modifié',
    reload: 'rechargez-le',
    elsewhere:
      'Cet utilisateur vient d’être modifié par ailleurs : son enregistrement sera refusé. Fermez et rouvrez-le pour repartir de sa version actuelle.',
  },
  price: {
    changed: 'Ce prix a été modifié',
    reload: 'rechargez-le',
    elsewhere:
      'Ce prix vient d’être modifié par ailleurs : son enregistrement sera refusé. Fermez et rouvrez-le pour repartir de sa version actuelle.',
  },
} as const;
export type ConflictRecord = keyof typeof CONFLICT_RECORDS;

/** The last change the audit log holds of the record: who made it (null when no user did) and when. */
export interface LastChange {
  actor: string | null;
  at: Date | string;
}

/**
 * 'Cette mission a été modifiée entre-temps (par Olivia Martin à 14:02) : rechargez-la avant
 * d’enregistrer.' The time is Paris time; a change of another Paris day than `now`'s gives its day too
 * ('le 03/05/2026 à 14:02'); without a known change, the parentheses are left out.
 */
export function editConflictMessage(record: ConflictRecord, last: LastChange | null, now: Date): string {
  const { changed, reload } = CONFLICT_RECORDS[record];
  let by = '';
  if (last) {
    const at = new Date(last.at);
    const day = formatInTimeZone(at, PARIS, 'dd/MM/yyyy');
    const time = formatInTimeZone(at, PARIS, 'HH:mm');
    const when = day === formatInTimeZone(now, PARIS, 'dd/MM/yyyy') ? `à ${time}` : `le ${day} à ${time}`;
    by = last.actor ? ` (par ${last.actor} ${when})` : ` (${when})`;
  }
  return `${changed} entre-temps${by} : ${reload} avant d’enregistrer.`;
}
