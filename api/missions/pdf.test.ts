// The mission PDFs print any name Leon may send: the scripts Noto Sans covers as themselves, the others
// as a visible '�', never a failure (the routes' own test is in missions.test.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import type { MissionDetailsLeg } from '../../contract/missions';
import type { missions } from '../db/schema';
import { NOTDEF, pdfText } from '../test/pdf-text';
import { missionPdf, voucherPdf, woffToSfnt } from './pdf';

const mission = (buyerName: string) =>
  ({
    tripNumber: 'TR-1',
    status: 'TERMINEE',
    buyerName,
    numberOfCristal: 3,
    organType: ['COEUR', 'REINS'],
    aircraftType: 'JET',
    numberOfMeals: 1,
    isWithIcing: true,
    isWithOCS: false,
  }) as typeof missions.$inferSelect;

const leg = (over: Partial<MissionDetailsLeg> = {}): MissionDetailsLeg => ({
  adepIcao: 'LFBD',
  adepName: 'Bordeaux-Mérignac',
  adesIcao: 'LFPG',
  adesName: 'Paris-Charles-de-Gaulle',
  stdUTC: '2026-01-01T08:00:00Z',
  staUTC: '2026-01-01T09:20:00Z',
  bloffUTC: null,
  blonUTC: null,
  flightNumber: 'F-HBMV 1',
  passengerCounts: 2,
  crewList: [],
  acftRegisteration: 'F-HBMV',
  numberOfCristal: 3,
  tripNumber: 'TR-1',
  buyerName: null,
  organType: [],
  version: 1,
  ...over,
});

describe('mission PDFs', () => {
  it('unpacks a WOFF font to the TrueType font it wraps', () => {
    const path = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
    );
    const woff = fontkit.create(readFileSync(path));
    const ttf = fontkit.create(woffToSfnt(readFileSync(path)));
    expect(ttf.constructor.name).toBe('TTFFont');
    expect(ttf.numGlyphs).toBe(woff.numGlyphs);
    expect(ttf.glyphForCodePoint(0x141).advanceWidth).toBe(woff.glyphForCodePoint(0x141).advanceWidth);
    expect(ttf.glyphForCodePoint(0x141).path.toSVG()).toBe(woff.glyphForCodePoint(0x141).path.toSVG());
  });

  it('prints Latin, Greek, Cyrillic and Vietnamese, and a visible � for what no font has', async () => {
    const name = 'Ło Şe Ő Ελλάδα Москва Việt Nam 急救 🚑 👨‍⚕️ ok\u0007fin';
    for (const draw of [missionPdf, voucherPdf]) {
      const text = await pdfText(await draw(mission(name), [leg({ adesName: name })]));
      // The doctor emoji is man + ZWJ + staff of Aesculapius + variation selector: two characters to draw.
      expect(text).toContain('Ło Şe Ő Ελλάδα Москва Việt Nam �� � �� ok fin');
      expect(text).not.toContain(NOTDEF);
    }
  });

  it('wraps a long value onto further lines instead of running off the page', async () => {
    const long = `Hôpital ${'Łukasiewicza '.repeat(20)}fin`;
    const text = await pdfText(await missionPdf(mission(long), [leg()]));
    const lines = text.split('\n').filter((l) => l.includes('Łukasiewicza'));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ').replace(/^Hôpital demandeur :/, '')).toBe(long);
  });
});
