// Public face of the Leon sync on the web: the menu's two sync buttons, the menu counts, and the signal
// that missions changed (after an edit, a delete or a sync) so that counts and open lists refresh, and the
// one that a sync run ended (succeeded or failed) so that the journal refreshes.
export { type RecordsCountKey, useRecordsCount } from './counts';
export { missionsChanged, syncRunEnded } from './missions-events';
export { SyncButtons } from './sync-buttons';
