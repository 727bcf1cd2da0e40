// The sync's toast text: the spec's success message, with the number of trips the sync skipped.
import { describe, expect, it } from 'vitest';
import { type SkippedTrip, syncToastText } from './missions';

const skipped = (tripNumber: string): SkippedTrip => ({
  tripNumber,
  tripNid: 1,
  flightNid: null,
  reason: 'Import impossible : une contrainte de la base de données est violée',
});

describe('sync toast', () => {
  it('says how many missions the sync skipped, in French', () => {
    expect(syncToastText({ skipped: [], failed: 0 })).toBe('Données synchronisées avec succès');
    expect(syncToastText({ skipped: [skipped('24001')], failed: 1 })).toBe(
      'Données synchronisées avec succès, 1 mission ignorée',
    );
    expect(syncToastText({ skipped: [skipped('24001'), skipped('24002')], failed: 2 })).toBe(
      'Données synchronisées avec succès, 2 missions ignorées',
    );
  });

  it('falls back to the count, and to plain success when the answer has neither', () => {
    expect(syncToastText({ failed: 3 })).toBe('Données synchronisées avec succès, 3 missions ignorées');
    expect(syncToastText(undefined)).toBe('Données synchronisées avec succès');
  });
});
