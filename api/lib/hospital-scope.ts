// The one rule that ties a HOSPITAL user to missions (architecture.md §3, decision 024): a mission is theirs when
// its requesting hospital (`buyerName`) is one of the user's hospitals. Every feature that scopes a
// HOSPITAL user's reads (missions, statistics, incidents) builds its condition with this.
import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { CurrentUser } from './context';

/** `buyerName` is one of `user`'s hospitals; for a user without any, nothing matches. */
export function ofUserHospitals(buyerName: Column, user: Pick<CurrentUser, 'hospitals'>): SQL {
  return user.hospitals.length > 0 ? inArray(buyerName, user.hospitals) : sql`false`;
}
