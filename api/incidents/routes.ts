// Incidents (requirements §7 'Incidents', issue #13): GET /incidents (the list), GET /incidents/open-count (the
// menu's count, staff), GET /incidents/details/{id} (a mission's records), PUT /incidents/details/{id}
// (propose an action) and PUT /incidents/validate/{id} (close it). Writes are staff only and audited; a
// HOSPITAL user reads its own hospital's incidents and gets 404 for any other.
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  INCIDENT_MESSAGES,
  INCIDENTS_PAGE_SIZE,
  IncidentResponseBody,
  IncidentsListQuery,
  IncidentValidateBody,
} from '../../contract/incidents';
import { STAFF_ROLES } from '../../contract/roles';
import { requireRoles, requireUser } from '../auth';
import { incidents } from '../db/schema';
import { audit } from '../lib/audit';
import { onVersion, refuseStale } from '../lib/conflicts';
import type { AppEnv, CurrentUser, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { body, param, query } from '../lib/validate';
import { findIncident, incidentRecords, listIncidents, withFiles } from './service';

const staff = requireRoles(...STAFF_ROLES);

/** What the audit keeps of an incident: the back-office's side. */
const audited = (row: typeof incidents.$inferSelect) => ({
  status: row.status,
  response: row.response,
  responseBy: row.responseBy,
  responseAt: row.responseAt,
  validatedBy: row.validatedBy,
  validatedAt: row.validatedAt,
});

type Found = NonNullable<Awaited<ReturnType<typeof findIncident>>>;

/** 409 when the save names a version the incident no longer has (decision 064), naming its last change. */
async function refuseIfStale(deps: Deps, found: Found, version: number | undefined) {
  if (version !== undefined && found.incident.version !== version)
    await refuseStale(deps.db, 'incident', { entity: 'incident', entityId: found.incident.id }, deps.now());
}

/**
 * Changes an incident that is still OPEN (and matches `also`, and `version` when the save names one),
 * audited as `action` by `userId`, and gives its record; 409 when it was closed or changed meanwhile.
 */
async function updateOpen(
  deps: Deps,
  user: CurrentUser,
  found: Found,
  version: number | undefined,
  action: string,
  change: (now: Date) => Partial<typeof incidents.$inferInsert>,
  also?: SQL,
  /** Why nothing was updated, when `also` no longer holds; 'closed' otherwise. */
  missed?: () => Promise<string>,
) {
  const id = found.incident.id;
  const now = deps.now();
  const after = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(incidents)
      .set({ ...change(now), updatedAt: now })
      .where(
        and(
          eq(incidents.id, id),
          eq(incidents.status, 'OPEN'),
          also,
          isNull(incidents.deletedAt),
          onVersion(incidents.version, version),
        ),
      )
      .returning();
    if (!row) return null;
    await audit(tx, {
      actorId: user.id,
      action,
      entity: 'incident',
      entityId: id,
      before: audited(found.incident),
      after: audited(row),
      at: now,
    });
    return row;
  });
  if (!after) {
    // Changed between the read and the update: the record as it is now tells which refusal it is.
    const current = await findIncident(deps.db, user, id);
    if (current) await refuseIfStale(deps, current, version);
    fail(409, missed ? await missed() : INCIDENT_MESSAGES.closed);
  }
  const [record] = await withFiles(deps.db, deps.files, [{ ...found, incident: after }]);
  return record;
}

export const incidentsRoutes = new Hono<AppEnv>()
  .get('/incidents', requireUser(), async (c) => {
    const { db } = c.get('deps');
    const q = query(c, IncidentsListQuery);
    const { pageSize, offset } = pageParams(q, INCIDENTS_PAGE_SIZE);
    const { rows, total } = await listIncidents(db, c.get('user'), q, { pageSize, offset });
    return c.json({ data: toPage(rows, total, pageSize) });
  })
  .get('/incidents/open-count', ...staff, async (c) => {
    const [row] = await c
      .get('deps')
      .db.select({ open: sql<number>`count(*)::int` })
      .from(incidents)
      .where(and(eq(incidents.status, 'OPEN'), isNull(incidents.deletedAt)));
    return c.json({ data: row });
  })
  .get('/incidents/details/:id', requireUser(), async (c) => {
    const deps = c.get('deps');
    const records = await incidentRecords(deps.db, deps.files, c.get('user'), param(c, 'id'));
    if (!records) fail(404, INCIDENT_MESSAGES.notFound);
    return c.json({ data: records });
  })
  .put('/incidents/details/:id', ...staff, async (c) => {
    const deps = c.get('deps');
    const id = param(c, 'id');
    const { response, version } = await body(c, IncidentResponseBody);
    const found = await findIncident(deps.db, c.get('user'), id);
    if (!found) fail(404, INCIDENT_MESSAGES.notFound);
    await refuseIfStale(deps, found, version);
    if (found.incident.status === 'CLOSED') fail(409, INCIDENT_MESSAGES.closed);
    const userId = c.get('user').id;
    // Validated meanwhile by someone else: nothing updated, 409.
    const record = await updateOpen(deps, c.get('user'), found, version, 'incident.respond', (now) => ({
      response: response.trim(),
      responseBy: userId,
      responseAt: now,
    }));
    return c.json({ data: record });
  })
  .put('/incidents/validate/:id', ...staff, async (c) => {
    const deps = c.get('deps');
    const id = param(c, 'id');
    // The action the validator read: another one proposed since is not validated unread.
    const { response: seen, version } = await body(c, IncidentValidateBody);
    const found = await findIncident(deps.db, c.get('user'), id);
    if (!found) fail(404, INCIDENT_MESSAGES.notFound);
    await refuseIfStale(deps, found, version);
    if (found.incident.status === 'CLOSED') fail(409, INCIDENT_MESSAGES.closed);
    if (found.incident.response === null) fail(409, INCIDENT_MESSAGES.noResponse);
    if (found.incident.response !== seen) fail(409, INCIDENT_MESSAGES.changed);
    const userId = c.get('user').id;
    // Of two validations at once, one updates the row; the other finds it closed. A proposal that lands
    // between the read above and the update leaves the row unmatched: 409 'changed'.
    const record = await updateOpen(
      deps,
      c.get('user'),
      found,
      version,
      'incident.validate',
      (now) => ({ status: 'CLOSED', validatedBy: userId, validatedAt: now }),
      and(isNotNull(incidents.response), eq(incidents.response, seen)),
      async () => {
        const now = await findIncident(deps.db, c.get('user'), id);
        return now && now.incident.status === 'OPEN' ? INCIDENT_MESSAGES.changed : INCIDENT_MESSAGES.closed;
      },
    );
    return c.json({ data: record });
  });
