// The simulator's safety reports (our incidents): a few open and closed ones on flown demo trips, each
// with small attachments (a PDF, a PNG), and one that names no trip. Deterministic for a given seed.
import type { SimAttachment, SimSafetyReport, SimTrip } from './model';
import { isoAt } from './model';
import { createPrng } from './prng';

const HOUR = 3_600_000;

/** A tiny valid PDF holding one line of text. */
export function samplePdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 40 780 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A 1×1 PNG. */
export const SAMPLE_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const SAMPLES = [
  {
    category: 'Sécurité des vols',
    title: 'Impact aviaire en montée initiale',
    description:
      "Impact d'oiseau sur le bord d'attaque gauche à 800 ft en montée initiale. Paramètres moteur normaux, poursuite du vol vers la destination.",
    presumedCauses: 'Présence de volatiles en bout de piste signalée par la tour après le décollage.',
  },
  {
    category: 'Maintenance',
    title: 'Alarme de porte cargo au roulage',
    description:
      "Alarme 'CARGO DOOR' au roulage avant décollage. Retour au parking, porte refermée et verrouillée par le mécanicien, retard de 25 minutes.",
    presumedCauses: 'Capteur de verrouillage encrassé.',
  },
  {
    category: 'Transport médical',
    title: 'Glacière de transport non sanglée',
    description:
      "La glacière contenant le greffon n'était pas sanglée au décollage. Constaté par le copilote en croisière, sanglée aussitôt.",
    presumedCauses: 'Embarquement précipité, check-list cabine non terminée.',
  },
  {
    category: 'Sol',
    title: 'Retard de la navette ambulance',
    description:
      "L'ambulance de l'équipe de prélèvement est arrivée 40 minutes après l'heure prévue au parking.",
    presumedCauses: "Information d'arrivée transmise au mauvais service de l'hôpital.",
  },
  {
    category: 'Sûreté',
    title: 'Accès au tarmac sans badge',
    description: 'Un membre de l’équipe médicale a accédé au tarmac sans badge visiteur.',
    presumedCauses: 'Accueil FBO absent à l’arrivée.',
  },
];

export interface ReportIds {
  reportNid: number;
  reportNumber: number;
  attachmentNid: number;
}

export function attachmentOf(
  ids: ReportIds,
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
): SimAttachment {
  return { attachmentNid: ids.attachmentNid++, fileName, contentType, bytes };
}

/**
 * A few reports on flown trips (two closed, the rest open) and one without a trip: enough for the demo
 * and the tests to show both statuses, attachments and the 'N.D' mission number.
 */
export function generateReports(
  trips: SimTrip[],
  options: { seed: number; now: number; ids: ReportIds; at: number },
) {
  const prng = createPrng(options.seed ^ 0x1c1d);
  const flown = trips
    .filter((trip) => trip.legs.some((leg) => leg.blockOn) && !trip.isDeleted)
    .sort((a, b) => a.legs[0].std.localeCompare(b.legs[0].std))
    .slice(-4);
  const reports: SimSafetyReport[] = [];
  const targets: Array<SimTrip | null> = [...flown, null];
  targets.forEach((trip, index) => {
    const sample = SAMPLES[index % SAMPLES.length];
    const flownAt = trip
      ? Date.parse(trip.legs[trip.legs.length - 1].blockOn ?? trip.legs[0].sta)
      : options.now - 72 * HOUR;
    const declared = Math.min(options.now - HOUR, flownAt + (1 + Math.floor(prng.next() * 20)) * HOUR);
    const closed = index === 0 || index === 2;
    const number = `SR-${options.ids.reportNumber++}`;
    const attachments = [
      attachmentOf(
        options.ids,
        `Rapport ${number}.pdf`,
        'application/pdf',
        samplePdf(`${number} ${sample.title}`),
      ),
    ];
    if (index % 2 === 0)
      attachments.push(attachmentOf(options.ids, `photo-${number}.png`, 'image/png', SAMPLE_PNG));
    reports.push({
      safetyReportNid: options.ids.reportNid++,
      reportNumber: number,
      tripNumber: trip?.tripNumber ?? null,
      reportDateUTC: isoAt(declared),
      status: closed ? 'CLOSED' : 'OPEN',
      ...sample,
      correctiveAction: closed
        ? 'Rappel de la procédure à tous les équipages, check-list mise à jour.'
        : null,
      attachments,
      lastModificationTime: isoAt(declared),
      isDeleted: false,
      createdAt: options.at,
      modifiedAt: options.at,
    });
  });
  return reports;
}
