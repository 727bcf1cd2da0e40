// The 409 message of a save made on a stale version (decision 064): the record, who changed it and when.
import { describe, expect, it } from 'vitest';
import { editConflictMessage } from './conflicts';

const NOW = new Date('2026-03-02T10:00:00Z');

describe('editConflictMessage', () => {
  it('names who changed the record and when, in Paris time', () => {
    expect(editConflictMessage('mission', { actor: 'Olivia Martin', at: '2026-03-02T13:02:00Z' }, NOW)).toBe(
      'Cette mission a été modifiée entre-temps (par Olivia Martin à 14:02) : rechargez-la avant d’enregistrer.',
    );
  });

  it('gives the Paris day of a change made another day, summer time included', () => {
    expect(editConflictMessage('user', { actor: 'Leon', at: '2026-06-30T22:30:00Z' }, NOW)).toBe(
      'Cet utilisateur a été modifié entre-temps (par Leon le 01/07/2026 à 00:30) : rechargez-le avant d’enregistrer.',
    );
  });

  it('leaves out who when no user made the change, and both when the log tells nothing', () => {
    expect(editConflictMessage('incident', { actor: null, at: '2026-03-02T09:15:00Z' }, NOW)).toBe(
      'Cet incident a été modifié entre-temps (à 10:15) : rechargez-le avant d’enregistrer.',
    );
    expect(editConflictMessage('price', null, NOW)).toBe(
      'Ce prix a été modifié entre-temps : rechargez-le avant d’enregistrer.',
    );
  });
});
