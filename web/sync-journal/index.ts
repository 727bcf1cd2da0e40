// Public face of the journal of the sync runs (issue 25, decision 035): the screen, opened from the menu
// and from the sync toast's link, loaded on demand (it must not weigh on the sign-in page: decision 022).
import { lazy } from 'react';

export const SyncJournalScreen = lazy(() =>
  import('./sync-journal-screen').then((m) => ({ default: m.SyncJournalScreen })),
);
