// Public face of the journal of the sync runs (issue 25, decision 035): the screen, opened from the menu
// and from the sync toast's link, loaded on demand (it must not weigh on the sign-in page: decision 022).
import { lazyScreen } from '../lib/lazy-screen';

export const SyncJournalScreen = lazyScreen(() =>
  import('./sync-journal-screen').then((m) => m.SyncJournalScreen),
);
