// The mission PDFs (details and transport voucher), drawn with pdf-lib. Helvetica's WinAnsi encoding
// renders French accents, œ and ’; times are shown in Paris time, 24 h.
import { formatInTimeZone } from 'date-fns-tz';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import {
  AIRCRAFT_TYPE_LABELS,
  MISSION_STATUS_BADGES,
  type MissionDetailsLeg,
  ORGAN_LABELS,
  splitOrgans,
} from '../../contract/missions';
import type { missions } from '../db/schema';
import { PARIS } from './service';

type Mission = typeof missions.$inferSelect;

const paris = (iso: string | null) =>
  iso ? `${formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm')} (heure de Paris)` : '-';

class Writer {
  private page: PDFPage;
  private y = 800;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([595, 842]);
  }
  private room(height: number) {
    if (this.y - height < 50) {
      this.page = this.doc.addPage([595, 842]);
      this.y = 800;
    }
  }
  title(text: string) {
    this.room(40);
    this.page.drawText(text, { x: 50, y: this.y, size: 20, font: this.bold, color: rgb(0.04, 0.15, 0.27) });
    this.y -= 34;
  }
  heading(text: string) {
    this.room(30);
    this.y -= 6;
    this.page.drawText(text, { x: 50, y: this.y, size: 13, font: this.bold, color: rgb(0.04, 0.15, 0.27) });
    this.y -= 20;
  }
  line(label: string, value: string) {
    this.room(18);
    this.page.drawText(`${label} :`, { x: 50, y: this.y, size: 10, font: this.bold });
    this.page.drawText(value, { x: 200, y: this.y, size: 10, font: this.font, maxWidth: 345 });
    this.y -= 16;
  }
}

async function document(title: string, draw: (w: Writer) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('fr-FR');
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  draw(writer);
  return doc.save({ useObjectStreams: false });
}

function informations(w: Writer, mission: Mission) {
  w.heading('Informations');
  w.line('N° de mission', mission.tripNumber ?? 'N.D');
  w.line('Statut', MISSION_STATUS_BADGES[mission.status].label);
  w.line('Hôpital demandeur', mission.buyerName ?? '-');
  w.line('N° cristal', mission.numberOfCristal?.toString() ?? '-');
  w.line(
    'Organes',
    splitOrgans(mission.organType)
      .map((o) => ORGAN_LABELS[o])
      .join(', ') || '-',
  );
  w.line("Type d'avion", AIRCRAFT_TYPE_LABELS[mission.aircraftType]);
}

export function missionPdf(mission: Mission, legs: MissionDetailsLeg[]): Promise<Uint8Array> {
  return document('Détails de la mission', (w) => {
    w.title('Détails de la mission');
    informations(w, mission);
    legs.forEach((leg, index) => {
      w.heading(`Vol ${index + 1} : ${leg.adepIcao} - ${leg.adesIcao}`);
      w.line('Départ', `${leg.adepIcao} ${leg.adepName}`);
      w.line('Arrivée', `${leg.adesIcao} ${leg.adesName}`);
      w.line('Départ prévu', paris(leg.stdUTC));
      w.line('Arrivée prévue', paris(leg.staUTC));
      w.line('Bloc départ', paris(leg.bloffUTC));
      w.line('Bloc arrivée', paris(leg.blonUTC));
      w.line('N° de vol', leg.flightNumber ?? '-');
      w.line('Avion', leg.acftRegisteration ?? '-');
      w.line('Passagers', leg.passengerCounts?.toString() ?? '-');
      for (const member of leg.crewList) {
        w.line(
          `Équipage (${member.position})`,
          `${member.name} ${member.surname}${member.phoneWork ? ` - ${member.phoneWork}` : ''}`,
        );
      }
    });
  });
}

export function voucherPdf(mission: Mission, legs: MissionDetailsLeg[]): Promise<Uint8Array> {
  return document('Bon de transport', (w) => {
    w.title('Bon de transport');
    informations(w, mission);
    w.heading('Itinéraire');
    for (const leg of legs)
      w.line(`${leg.adepIcao} - ${leg.adesIcao}`, `${leg.adepName} - ${leg.adesName}, ${paris(leg.stdUTC)}`);
    w.heading('Prestations');
    w.line('Plateaux repas', mission.numberOfMeals?.toString() ?? '-');
    w.line('Dégivrage', mission.isWithIcing === null ? 'N.D' : mission.isWithIcing ? 'Oui' : 'Non');
    w.line('OCS', mission.isWithOCS === null ? 'N.D' : mission.isWithOCS ? 'Oui' : 'Non');
  });
}
