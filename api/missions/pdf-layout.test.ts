// The transport voucher's layout: no two pieces of text drawn on a page overlap — for the longest
// itinerary the demo can produce (three legs between the simulator's longest airport names) and for a
// ten-leg one, wrapped lines included — and nothing runs past the page's margins.
import { PDFPage } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MissionDetailsLeg } from '../../contract/missions';
import type { missions } from '../db/schema';
import { AIRPORTS } from '../leon';
import { missionPdf, voucherPdf } from './pdf';

interface Box {
  page: PDFPage;
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/** Every text drawn, as the box its glyphs fill (ascent above the baseline, descent below it). */
async function boxesOf(draw: () => Promise<Uint8Array>): Promise<Box[]> {
  const boxes: Box[] = [];
  const original = PDFPage.prototype.drawText;
  vi.spyOn(PDFPage.prototype, 'drawText').mockImplementation(function (this: PDFPage, text, options = {}) {
    const { x = 0, y = 0, size = 24, font } = options;
    if (font && text.trim()) {
      const ascent = font.heightAtSize(size, { descender: false });
      const full = font.heightAtSize(size);
      boxes.push({
        page: this,
        text,
        left: x,
        right: x + font.widthOfTextAtSize(text, size),
        top: y + ascent,
        bottom: y - (full - ascent),
      });
    }
    return original.call(this, text, options);
  });
  await draw();
  return boxes;
}

const overlaps = (a: Box, b: Box) =>
  a.page === b.page && a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;

function collisions(boxes: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (overlaps(boxes[i], boxes[j])) found.push(`'${boxes[i].text}' × '${boxes[j].text}'`);
  return found;
}

const mission = {
  tripNumber: '24071',
  status: 'TERMINEE',
  buyerName: 'Hospices Civils de Lyon – Hôpital Édouard-Herriot',
  numberOfCristal: 3,
  organType: ['COEUR', 'REINS', 'PANCREAS'],
  aircraftType: 'JET',
  numberOfMeals: 4,
  isWithIcing: true,
  isWithOCS: true,
} as typeof missions.$inferSelect;

const named = AIRPORTS.filter((a) => a.icao !== null).sort((a, b) => b.name.length - a.name.length);
const leg = (from: (typeof named)[number], to: (typeof named)[number], i: number): MissionDetailsLeg => ({
  adepIcao: from.icao!,
  adepName: from.name,
  adesIcao: to.icao!,
  adesName: to.name,
  stdUTC: new Date(Date.UTC(2026, 2, 1, 6 + 3 * i)).toISOString(),
  staUTC: new Date(Date.UTC(2026, 2, 1, 8 + 3 * i)).toISOString(),
  bloffUTC: null,
  blonUTC: null,
  flightNumber: `OAM00${i}`,
  passengerCounts: 2,
  crewList: [],
  acftRegisteration: 'F-HBMV',
  numberOfCristal: 3,
  tripNumber: '24071',
  buyerName: mission.buyerName,
  organType: ['COEUR'],
  version: 1,
});
/** Three legs (the most the demo draws) between the two longest names, and ten legs round France. */
const longest = [leg(named[0], named[1], 0), leg(named[1], named[0], 1), leg(named[0], named[1], 2)];
const tenLegs = Array.from({ length: 10 }, (_, i) =>
  leg(named[i % named.length], named[(i + 1) % named.length], i),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('transport voucher layout', () => {
  it('wraps the longest itinerary line without touching the lines around it', async () => {
    const boxes = await boxesOf(() => voucherPdf(mission, longest));
    // The itinerary's values do wrap (so the test sees wrapped lines): more lines than legs.
    const top = boxes.find((b) => b.text === 'Itinéraire')!.bottom;
    const bottom = boxes.find((b) => b.text === 'Prestations')!.top;
    const values = boxes.filter((b) => b.left === 200 && b.bottom < top && b.top > bottom);
    expect(new Set(values.map((b) => b.bottom)).size).toBeGreaterThan(longest.length);
    expect(collisions(boxes)).toEqual([]);
  });

  it('lays out a ten-leg itinerary without overlaps, within the margins', async () => {
    const boxes = await boxesOf(() => voucherPdf(mission, tenLegs));
    expect(boxes.filter((b) => /^[A-Z]{4} - [A-Z]{4} :$/.test(b.text))).toHaveLength(10);
    expect(collisions(boxes)).toEqual([]);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(50);
      expect(b.right).toBeLessThanOrEqual(595 - 40);
      expect(b.bottom).toBeGreaterThanOrEqual(40);
    }
  });

  it('keeps the mission PDF of ten legs free of overlaps too', async () => {
    expect(collisions(await boxesOf(() => missionPdf(mission, tenLegs)))).toEqual([]);
  });
});
