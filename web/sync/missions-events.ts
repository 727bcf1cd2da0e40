// Missions changed (edit, delete, sync), so the menu counts and open lists refresh; and a sync run ended,
// whatever its result, so the journal of the runs refreshes (a failed run is recorded there too).
import { createSignal } from '../lib/signal';

export const missionsChanged = createSignal();

export const syncRunEnded = createSignal();
