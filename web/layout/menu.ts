// The entries of the side menu (requirements §2 'Side menu'), each tied to a screen of contract/routes.ts so the
// roles that may open it decide whether it shows.
import { href, type ScreenName } from '../../contract/routes';
import { PRICE_SCREENS } from '../prices';
import type { RecordsCountKey } from '../sync';

/** The menu's counts: the missions' (GET /leon/records-count), the open incidents and the billing check's. */
export type MenuCounts = Partial<Record<RecordsCountKey | 'openIncidents' | 'billingProblems', number>>;
export type MenuCountKey = keyof MenuCounts;

export interface MenuEntry {
  label: string;
  screen: ScreenName;
  count?: MenuCountKey;
}
export interface MenuGroup {
  label: string;
  count?: MenuCountKey;
  entries: MenuEntry[];
}

export const MENU: Array<MenuEntry | MenuGroup> = [
  { label: 'Tableau de bord', screen: 'overview' },
  {
    label: 'Missions',
    count: 'total',
    entries: [
      { label: 'Demandée', screen: 'requestedMissions', count: 'waiting' },
      { label: 'En cours', screen: 'inProgressMissions', count: 'inProgress' },
      { label: 'Réalisée', screen: 'completedMissions', count: 'completed' },
      { label: 'Annulée sans frais', screen: 'cancelledMissions', count: 'canceled' },
      { label: 'Clôturée', screen: 'closedMissions', count: 'closed' },
    ],
  },
  { label: 'Statistiques', screen: 'statistics', count: 'statistics' },
  { label: 'Pilotes', screen: 'pilots' },
  { label: 'Flotte', screen: 'aircraftFleet' },
  { label: 'Utilisateurs', screen: 'users' },
  {
    label: 'Prix',
    entries: PRICE_SCREENS.map(({ label, screen }) => ({ label, screen })),
  },
  { label: 'Incidents', screen: 'incidents', count: 'openIncidents' },
  { label: 'Factures', screen: 'invoices' },
  { label: 'Écarts de facturation', screen: 'billing', count: 'billingProblems' },
  { label: 'Journal des synchronisations', screen: 'syncJournal' },
];

export const isGroup = (item: MenuEntry | MenuGroup): item is MenuGroup => 'entries' in item;

/** The document title of the screen at `path`: its menu entry ('Missions – Demandée'), if it has one. */
export function menuTitleOf(path: string): string | null {
  for (const item of MENU) {
    if (!isGroup(item)) {
      if (href(item.screen) === path) return item.label;
      continue;
    }
    const entry = item.entries.find((e) => href(e.screen) === path);
    if (entry) return `${item.label} – ${entry.label}`;
  }
  return null;
}
