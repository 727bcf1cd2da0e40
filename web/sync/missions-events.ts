// Missions changed (edit, delete, sync), so the menu counts and open lists refresh.
import { createSignal } from '../lib/signal';

export const missionsChanged = createSignal();
