// Who receives which event of the change feed: the same rules as the lists (docs/architecture.md §3).
// A HOSPITAL user receives an event of a mission, statistics row or incident of one of its hospitals only;
// never another hospital's, not even its id. A session's events go to its own user only ('Mon compte'), and
// a user record's to the ADMINs and that user.
import type { Role } from '../../contract/roles';

export type Audience = 'hospital' | 'staff' | 'billing' | 'admin' | 'owner' | 'internal';

/** An event as the database wrote it (live_events). */
export interface StoredEvent {
  id: number;
  entity: string;
  entityId: string | null;
  action: string;
  audience: Audience;
  hospitals: string[];
  /** The user of an 'owner' event (a session's), or the user an 'admin' event is about; else null. */
  owner: string | null;
}

/** What a client receives: what changed, its id and the kind of change; nothing else. */
export interface WireEvent {
  entity: string;
  id: string | null;
  action: string;
}

export interface Viewer {
  id: string;
  role: Role;
  hospitals: readonly string[];
}

export function visibleTo(event: StoredEvent, viewer: Viewer): boolean {
  switch (event.audience) {
    case 'hospital':
      return viewer.role !== 'HOSPITAL' || event.hospitals.some((name) => viewer.hospitals.includes(name));
    case 'staff':
      return viewer.role !== 'HOSPITAL';
    case 'billing':
      return viewer.role === 'ADMIN' || viewer.role === 'ACCOUNTING';
    case 'admin':
      // A user's own record also reaches that user ('Mon compte': its factors).
      return viewer.role === 'ADMIN' || (event.owner !== null && event.owner === viewer.id);
    case 'owner':
      return event.owner === viewer.id;
    default:
      return false;
  }
}

export const toWire = (event: StoredEvent): WireEvent => ({
  entity: event.entity,
  id: event.entityId,
  action: event.action,
});
