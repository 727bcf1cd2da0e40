// Demo data for the statistics screen (npm start on an empty database, after the first Leon sync and the
// missions' demo fields, api/missions/demo.ts): the records get some invoice ids, PDFs, statuses and
// hospital visibility, so that every column shows something. Deterministic: the n-th mission always gets
// the same values.
import { asc, eq, inArray } from 'drizzle-orm';
import { STATISTIC_INVOICE_STATUSES, STATISTIC_MISSION_STATUSES } from '../../contract/statistics';
import { missions, statistics } from '../db/schema';
import type { Deps } from '../lib/context';
import { STATISTICS_PREFIX } from './service';

async function demoPdf(title: string): Promise<Uint8Array> {
  // pdf-lib loads when the demo is filled in, not with the API.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 60, y: 760, size: 18, font });
  page.drawText('Document de démonstration', { x: 60, y: 730, size: 12, font });
  return doc.save();
}

export async function seedDemoStatistics(deps: Pick<Deps, 'db' | 'files'>): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({
      id: missions.id,
      tripNumber: missions.tripNumber,
      buyerName: missions.buyerName,
    })
    .from(missions)
    .where(inArray(missions.status, [...STATISTIC_MISSION_STATUSES]))
    .orderBy(asc(missions.departureDateTime), asc(missions.id));
  // Counted per hospital too, so that each hospital has visible and hidden records, with and without PDFs.
  const perHospital = new Map<string | null, number>();
  for (const [n, mission] of rows.entries()) {
    const k = perHospital.get(mission.buyerName) ?? 0;
    perHospital.set(mission.buyerName, k + 1);
    const [record] = await db
      .select({ id: statistics.id })
      .from(statistics)
      .where(eq(statistics.missionId, mission.id));
    if (!record) continue;
    const set: Partial<typeof statistics.$inferInsert> = {
      flightStatus: STATISTIC_INVOICE_STATUSES[n % 5],
      airportStatus: n % 6 === 5 ? 'NOT_APPLICABLE' : STATISTIC_INVOICE_STATUSES[(n + 2) % 5],
      showForHospital: k % 4 < 2,
    };
    const number = mission.tripNumber ?? String(n);
    if (k % 2 === 0) {
      const key = `${STATISTICS_PREFIX}${record.id}/flight/demo-${n}.pdf`;
      await deps.files.put(key, await demoPdf(`Facture vol ${number}`), 'application/pdf');
      Object.assign(set, {
        flightPdfKey: key,
        flightPdfName: `facture-vol-${number}.pdf`,
        flightInvoiceId: `FV-${number}`,
      });
    }
    if (n % 3 === 0 && set.airportStatus !== 'NOT_APPLICABLE') {
      const key = `${STATISTICS_PREFIX}${record.id}/airport/demo-${n}.pdf`;
      await deps.files.put(key, await demoPdf(`Facture aéroport ${number}`), 'application/pdf');
      Object.assign(set, {
        airportPdfKey: key,
        airportPdfName: `facture-aeroport-${number}.pdf`,
        airportInvoiceId: `FA-${number}`,
      });
    }
    await db.update(statistics).set(set).where(eq(statistics.id, record.id));
  }
  return rows.length;
}
