// The mission PDFs (details and transport voucher), drawn with pdf-lib in Noto Sans, embedded as subsets
// so that any name Leon sends (Ł, Ş, Ő, Greek, Cyrillic…) prints; times are shown in Paris time, 24 h.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { formatInTimeZone } from 'date-fns-tz';
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import {
  AIRCRAFT_TYPE_LABELS,
  MISSION_STATUS_BADGES,
  type MissionDetailsLeg,
  ORGAN_LABELS,
} from '../../contract/missions';
import type { missions } from '../db/schema';
import { PARIS } from '../lib/paris-days';

type Mission = typeof missions.$inferSelect;

const paris = (iso: string | null) =>
  iso ? `${formatInTimeZone(new Date(iso), PARIS, 'dd/MM/yyyy HH:mm')} (heure de Paris)` : '-';

// Fonts. @fontsource/noto-sans ships Noto Sans cut by Unicode range, in WOFF and WOFF2. pdf-lib subsets
// them through @pdf-lib/fontkit; WOFF2 ones fail while subsetting (an error thrown from a timer, out of
// reach of any catch), so WOFF it is, unpacked once to the TrueType font it wraps (fontkit would inflate a
// WOFF table again on every glyph it reads: 150 ms a document instead of a few). Each range is a face of its own: a text is drawn in runs,
// each in the first face that has its characters, and only the faces a document uses are embedded, as
// subsets of the glyphs it uses (a few kB, where latin-ext alone is 78 kB).
// A character that no face has (CJK such as 急, emoji such as 🚑, scripts we do not ship, Devanagari among
// them since pdf-lib does not shape it) is drawn as U+FFFD '�', the usual sign of an unprintable character,
// rather than failing the PDF or vanishing; invisible ones without a glyph (joiners, variation selectors,
// lone combining marks) are dropped, and control characters become spaces.
const RANGES = [
  'latin',
  'latin-ext',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
  'vietnamese',
] as const;
const WEIGHTS = { regular: 400, bold: 700 } as const;
type Weight = keyof typeof WEIGHTS;
const REPLACEMENT = '\uFFFD';

interface Face {
  bytes: Uint8Array;
  covers: (codePoint: number) => boolean;
}

let loading: Promise<Record<Weight, Face[]>> | undefined;

/**
 * The TrueType (sfnt) font inside a WOFF file: the same tables, inflated, behind an sfnt table directory
 * (WOFF 1.0, https://www.w3.org/TR/WOFF/ §3–5).
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = input.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + 20 * i;
    const offset = input.readUInt32BE(entry + 4);
    const compLength = input.readUInt32BE(entry + 8);
    const origLength = input.readUInt32BE(entry + 12);
    const stored = input.subarray(offset, offset + compLength);
    return {
      tag: input.subarray(entry, entry + 4),
      checksum: input.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((sum, t) => sum + Math.ceil(t.data.length / 4) * 4, headerSize);
  const out = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(input.readUInt32BE(4), 0); // flavor
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6); // searchRange
  out.writeUInt16BE(Math.log2(power), 8); // entrySelector
  out.writeUInt16BE(numTables * 16 - power * 16, 10); // rangeShift
  let offset = headerSize;
  for (const [i, table] of tables.entries()) {
    const record = 12 + 16 * i;
    table.tag.copy(out, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += Math.ceil(table.data.length / 4) * 4;
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The faces of each weight, read once per process. */
function faces(): Promise<Record<Weight, Face[]>> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const load = async (range: string, weight: number): Promise<Face> => {
      const bytes = woffToSfnt(
        await readFile(
          require.resolve(`@fontsource/noto-sans/files/noto-sans-${range}-${weight}-normal.woff`),
        ),
      );
      const font = fontkit.create(bytes);
      return { bytes, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
    };
    const [regular, bold] = await Promise.all(
      Object.values(WEIGHTS).map((weight) => Promise.all(RANGES.map((range) => load(range, weight)))),
    );
    return { regular, bold };
  })().catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

interface Run {
  face: number;
  text: string;
}

/** `text` cut into runs of one face each (see 'Fonts' above for what no face has). */
function runs(text: string, list: Face[]): Run[] {
  const out: Run[] = [];
  for (const char of text.normalize('NFC')) {
    let glyph = /\p{Cc}/u.test(char) ? ' ' : char;
    const codePoint = glyph.codePointAt(0) ?? 32;
    const last = out.at(-1);
    let face =
      last && list[last.face].covers(codePoint) ? last.face : list.findIndex((f) => f.covers(codePoint));
    if (face < 0) {
      if (/[\p{Default_Ignorable_Code_Point}\p{M}]/u.test(glyph)) continue;
      glyph = REPLACEMENT;
      face = list.findIndex((f) => f.covers(REPLACEMENT.codePointAt(0)!));
    }
    if (last && last.face === face) last.text += glyph;
    else out.push({ face, text: glyph });
  }
  return out;
}

// What a document says, recorded first, so that only the faces it needs are embedded before drawing.
type Op =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'line'; label: string; value: string };

class Writer {
  readonly ops: Op[] = [];
  title(text: string) {
    this.ops.push({ kind: 'title', text });
  }
  heading(text: string) {
    this.ops.push({ kind: 'heading', text });
  }
  line(label: string, value: string) {
    this.ops.push({ kind: 'line', label: `${label} :`, value });
  }
}

/** Advance widths at size 1 by weight, face and character: the same fonts in every document. */
const CHAR_WIDTHS = new Map<string, number>();

/** From a wrapped line to the next, at 10 pt: Noto Sans' ascent plus descent (13.6 pt), so that the
 * glyphs of two lines never touch (api/missions/pdf-layout.test.ts). */
const LINE_STEP = 14;
const NAVY = rgb(0.04, 0.15, 0.27);
const BLACK = rgb(0, 0, 0);

class Renderer {
  private page: PDFPage;
  private y = 800;
  constructor(
    private readonly doc: PDFDocument,
    private readonly list: Record<Weight, Face[]>,
    private readonly fonts: Record<Weight, Map<number, PDFFont>>,
  ) {
    this.page = doc.addPage([595, 842]);
  }
  private room(height: number) {
    if (this.y - height < 50) {
      this.page = this.doc.addPage([595, 842]);
      this.y = 800;
    }
  }
  /** The width of `text`, as the sum of its characters' (layout by pdf-lib costs a millisecond a call). */
  private width(text: string, weight: Weight, size: number): number {
    let width = 0;
    for (const run of runs(text, this.list[weight])) {
      const font = this.fonts[weight].get(run.face)!;
      for (const char of run.text) {
        const key = `${weight} ${run.face} ${char}`;
        let unit = CHAR_WIDTHS.get(key);
        if (unit === undefined) {
          unit = font.widthOfTextAtSize(char, 1);
          CHAR_WIDTHS.set(key, unit);
        }
        width += unit * size;
      }
    }
    return width;
  }
  /** `text` cut into lines no wider than `maxWidth`, between words, or inside a word too long for one. */
  private wrap(text: string, weight: Weight, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, weight, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && this.width(line + char, weight, size) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
    return lines;
  }
  private draw(text: string, x: number, y: number, size: number, weight: Weight, color: RGB) {
    let left = x;
    for (const run of runs(text, this.list[weight])) {
      const font = this.fonts[weight].get(run.face)!;
      this.page.drawText(run.text, { x: left, y, size, font, color });
      left += font.widthOfTextAtSize(run.text, size);
    }
  }
  render(op: Op) {
    if (op.kind === 'title') {
      this.room(40);
      this.draw(op.text, 50, this.y, 20, 'bold', NAVY);
      this.y -= 34;
    } else if (op.kind === 'heading') {
      this.room(30);
      this.y -= 6;
      this.draw(op.text, 50, this.y, 13, 'bold', NAVY);
      this.y -= 20;
    } else {
      const labels = this.wrap(op.label, 'bold', 10, 145);
      const values = this.wrap(op.value, 'regular', 10, 345);
      const count = Math.max(labels.length, values.length);
      this.room(18 + LINE_STEP * (count - 1));
      for (const [i, text] of labels.entries())
        this.draw(text, 50, this.y - LINE_STEP * i, 10, 'bold', BLACK);
      for (const [i, text] of values.entries())
        this.draw(text, 200, this.y - LINE_STEP * i, 10, 'regular', BLACK);
      this.y -= 16 + LINE_STEP * (count - 1);
    }
  }
}

async function document(title: string, draw: (w: Writer) => void): Promise<Uint8Array> {
  const writer = new Writer();
  draw(writer);
  const list = await faces();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  doc.setLanguage('fr-FR');
  const texts: Array<[Weight, string]> = writer.ops.flatMap(
    (op): Array<[Weight, string]> =>
      op.kind === 'line'
        ? [
            ['bold', op.label],
            ['regular', op.value],
          ]
        : [['bold', op.text]],
  );
  const fonts: Record<Weight, Map<number, PDFFont>> = { regular: new Map(), bold: new Map() };
  for (const [weight, text] of texts) {
    for (const { face } of runs(text, list[weight])) {
      if (!fonts[weight].has(face))
        fonts[weight].set(face, await doc.embedFont(list[weight][face].bytes, { subset: true }));
    }
  }
  const renderer = new Renderer(doc, list, fonts);
  for (const op of writer.ops) renderer.render(op);
  return doc.save({ useObjectStreams: false });
}

function informations(w: Writer, mission: Mission) {
  w.heading('Informations');
  w.line('N° de mission', mission.tripNumber ?? 'N.D');
  w.line('Statut', MISSION_STATUS_BADGES[mission.status].label);
  w.line('Hôpital demandeur', mission.buyerName ?? '-');
  w.line('N° cristal', mission.numberOfCristal?.toString() ?? '-');
  w.line('Organes', mission.organType.map((o) => ORGAN_LABELS[o]).join(', ') || '-');
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
