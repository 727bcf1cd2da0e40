// The screens of requirements §2 with the roles allowed on each, shared by the router, the menu, the guards and
// the end-to-end tests. `null` roles = public screen (signed-out only).
import type { Role } from './roles';

const ALL: readonly Role[] = ['ADMIN', 'OPERATION', 'ACCOUNTING', 'HOSPITAL'];
const STAFF: readonly Role[] = ['ADMIN', 'OPERATION', 'ACCOUNTING'];

export const SCREENS = {
  dashboard: { path: '/', roles: ALL },
  login: { path: '/login', roles: null },
  forgetPassword: { path: '/forget-password', roles: null },
  confirmForgetPassword: { path: '/confirm-forget-password', roles: null },
  forcePasswordChange: { path: '/force-password-change', roles: ALL },
  /** 'Tableau de bord' (decision 067); `dashboard` above is '/', which leads to HOME. */
  overview: { path: '/overview', roles: ALL },
  requestedMissions: { path: '/requested-missions', roles: ALL },
  inProgressMissions: { path: '/in-progress-missions', roles: ALL },
  completedMissions: { path: '/completed-missions', roles: ALL },
  cancelledMissions: { path: '/cancelled-missions', roles: STAFF },
  closedMissions: { path: '/closed-missions', roles: ALL },
  missionDetails: { path: '/mission-details/:id', roles: ALL },
  statistics: { path: '/statistics', roles: ALL },
  prc: { path: '/prc', roles: STAFF },
  pilots: { path: '/pilots', roles: STAFF },
  aircraftFleet: { path: '/aircraft-fleet', roles: STAFF },
  incidents: { path: '/incidents', roles: ALL },
  incidentDetails: { path: '/incident-details/:id', roles: ALL },
  users: { path: '/users', roles: ['ADMIN'] as readonly Role[] },
  unitFlightCost: { path: '/unit-flight-cost', roles: STAFF },
  regulationCost: { path: '/regulation-cost', roles: STAFF },
  passengerMealCost: { path: '/passenger-meal-cost', roles: STAFF },
  airportCost: { path: '/airport-cost', roles: STAFF },
  marketNumber: { path: '/market-number', roles: STAFF },
  invoices: { path: '/invoices', roles: ['ADMIN', 'ACCOUNTING'] as readonly Role[] },
  billing: { path: '/billing-check', roles: ['ADMIN', 'ACCOUNTING'] as readonly Role[] },
  syncJournal: { path: '/sync-journal', roles: STAFF },
  account: { path: '/account', roles: ALL },
} as const satisfies Record<string, { path: string; roles: readonly Role[] | null }>;

export type ScreenName = keyof typeof SCREENS;

/** The path of a screen, with its `:params` filled in. */
export function href(name: ScreenName, params: Record<string, string | number> = {}): string {
  return SCREENS[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? '')),
  );
}

export function canOpen(name: ScreenName, role: Role): boolean {
  const roles = SCREENS[name].roles;
  return roles === null || roles.includes(role);
}

/** Where the dashboard sends a signed-in user (requirements §2: '/' redirects to the requested missions). */
export const HOME: ScreenName = 'requestedMissions';
