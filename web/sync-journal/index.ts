// Public face of the journal of the sync runs (issue 25, decision 035): the screen, opened from the menu
// and from the sync toast's link.
export { SyncJournalScreen } from './sync-journal-screen';
