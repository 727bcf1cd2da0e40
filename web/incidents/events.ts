// An incident changed (an action proposed or validated), so that the menu's open count and an open list
// reload.
import { createSignal } from '../lib/signal';

export const incidentsChanged = createSignal();
