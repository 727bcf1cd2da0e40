import { describe, expect, it } from 'vitest';
import type { SyncResult } from './missions';
import { retryNote, syncSummaryText } from './sync';

const run = (extra: Partial<SyncResult> = {}): SyncResult => ({
  created: 2,
  updated: 1,
  deleted: 0,
  failed: 0,
  errors: [],
  skipped: [],
  ...extra,
});
const report = { failure: null, attachmentsCopied: 0, pendingAttachments: [], skippedReports: [] };

describe('syncSummaryText', () => {
  it('counts missions, invoices and safety reports, and the trips skipped', () => {
    expect(
      syncSummaryText(
        run({
          invoices: { created: 4, updated: 1, errors: 0, failure: null },
          incidents: { ...report, created: 1, updated: 0, deleted: 1 },
          skipped: [{ tripNumber: '24001', tripNid: 1, flightNid: null, reason: 'x' }],
          failed: 1,
        }),
      ),
    ).toBe(
      'Données synchronisées avec succès (missions : 3, factures : 5, rapports de sécurité : 2), 1 mission ignorée',
    );
  });

  it('leaves out what the run did not sync', () => {
    expect(syncSummaryText(run({ invoices: null, incidents: null }))).toBe(
      'Données synchronisées avec succès (missions : 3)',
    );
    expect(syncSummaryText(undefined)).toBe('Données synchronisées avec succès');
  });
});

describe('retryNote', () => {
  it('agrees with the number of the run’s trips still waiting: none, one, several', () => {
    expect(retryNote(0)).toBe(
      'Réessayer relance la mise à jour des données : aucune mission de cette synchronisation n’est en attente ; les autres missions ignorées encore en attente sont relues dans Leon.',
    );
    expect(retryNote(1)).toBe(
      'Réessayer relance la mise à jour des données : la mission en attente est relue dans Leon, avec toutes les autres missions ignorées encore en attente.',
    );
    expect(retryNote(3)).toBe(
      'Réessayer relance la mise à jour des données : les 3 missions en attente sont relues dans Leon, avec toutes les autres missions ignorées encore en attente.',
    );
  });
});
