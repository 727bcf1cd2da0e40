// Incident queries shared by the routes: who sees which incident (HOSPITAL: its own hospital's missions
// only, as on the mission lists), the list's filters, and the records with their signed attachment links.
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  ATTACHMENT_LINK_SECONDS,
  type IncidentRecord,
  type IncidentRow,
  type IncidentsListQueryInput,
} from '../../contract/incidents';
import { CATEGORY_STATUSES, canList, MISSION_CATEGORIES } from '../../contract/missions';
import type { Db } from '../db/client';
import { incidentAttachments, incidents, missions } from '../db/schema';
import type { CurrentUser } from '../lib/context';
import { ofUserHospitals } from '../lib/hospital-scope';
import { containsPattern } from '../lib/paging';
import { fromParisDay, untilParisDay } from '../lib/paris-days';
import type { FileStore } from '../lib/storage';

/** The mission statuses a HOSPITAL user may see (the lists it may open, requirements §6). */
const HOSPITAL_STATUSES = [
  ...new Set(MISSION_CATEGORIES.filter((c) => canList(c, 'HOSPITAL')).flatMap((c) => CATEGORY_STATUSES[c])),
];

/** The join from an incident to its mission (by Leon's trip number); an incident may have none. */
export const missionOfIncident = eq(missions.tripNumber, incidents.tripNumber);

/**
 * What a user may see: incidents Leon did not delete; a HOSPITAL user only those of its own hospitals'
 * missions that it may see (so never an incident whose mission is unknown).
 */
export function incidentVisibleTo(user: CurrentUser): SQL {
  const live = isNull(incidents.deletedAt);
  if (user.role !== 'HOSPITAL') return live;
  return and(
    live,
    isNull(missions.deletedAt),
    ofUserHospitals(missions.buyerName, user),
    inArray(missions.status, HOSPITAL_STATUSES),
  )!;
}

export function listWhere(user: CurrentUser, q: IncidentsListQueryInput): SQL {
  const search = (q.search ?? '').replace(/\p{Cc}/gu, '').trim();
  return and(
    incidentVisibleTo(user),
    q.status ? eq(incidents.status, q.status) : undefined,
    fromParisDay(incidents.declaredAt, q.startDate),
    untilParisDay(incidents.declaredAt, q.endDate),
    search
      ? sql`lower(coalesce(${missions.tripNumber}, '')) like lower(${containsPattern(search)})`
      : undefined,
  )!;
}

export async function listIncidents(
  db: Db,
  user: CurrentUser,
  q: IncidentsListQueryInput,
  page: { pageSize: number; offset: number },
): Promise<{ rows: IncidentRow[]; total: number }> {
  const where = listWhere(user, q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: incidents.id,
        missionId: missions.id,
        tripNumber: missions.tripNumber,
        status: incidents.status,
        declaredAt: incidents.declaredAt,
        hospital: missions.buyerName,
        incidentCategory: incidents.category,
        title: incidents.title,
      })
      .from(incidents)
      .leftJoin(missions, missionOfIncident)
      .where(where)
      .orderBy(desc(incidents.declaredAt), desc(incidents.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(incidents)
      .leftJoin(missions, missionOfIncident)
      .where(where),
  ]);
  return {
    rows: rows.map(({ declaredAt, ...row }) => ({ ...row, createdAt: declaredAt.toISOString() })),
    total,
  };
}

/** One incident the user may see, with its mission's id when the mission is known. */
export async function findIncident(db: Db, user: CurrentUser, id: string) {
  const [row] = await db
    .select({ incident: incidents, missionId: missions.id, tripNumber: missions.tripNumber })
    .from(incidents)
    .leftJoin(missions, missionOfIncident)
    .where(and(eq(incidents.id, id), incidentVisibleTo(user)));
  return row ?? null;
}

/**
 * The records GET /incidents/details/{id} answers: `id` is a mission's (its incidents, newest first), or
 * an incident's whose mission is unknown (that incident alone). Null when the user may see neither.
 */
export async function incidentRecords(
  db: Db,
  files: FileStore,
  user: CurrentUser,
  id: string,
): Promise<IncidentRecord[] | null> {
  const base = db
    .select({ incident: incidents, missionId: missions.id, tripNumber: missions.tripNumber })
    .from(incidents)
    .leftJoin(missions, missionOfIncident);
  let rows = await base
    .where(and(eq(missions.id, id), incidentVisibleTo(user)))
    .orderBy(desc(incidents.declaredAt), desc(incidents.id));
  if (rows.length === 0) {
    const [mission] = await db
      .select({ id: missions.id })
      .from(missions)
      .where(
        and(
          eq(missions.id, id),
          user.role === 'HOSPITAL'
            ? and(
                isNull(missions.deletedAt),
                ofUserHospitals(missions.buyerName, user),
                inArray(missions.status, HOSPITAL_STATUSES),
              )
            : undefined,
        ),
      );
    if (mission) return [];
    rows = await db
      .select({ incident: incidents, missionId: missions.id, tripNumber: missions.tripNumber })
      .from(incidents)
      .leftJoin(missions, missionOfIncident)
      .where(and(eq(incidents.id, id), incidentVisibleTo(user)));
    if (rows.length === 0) return null;
  }
  return withFiles(db, files, rows);
}

type Joined = {
  incident: typeof incidents.$inferSelect;
  missionId: string | null;
  tripNumber: string | null;
};

/** Records with their copied attachments as short-lived signed links (decision 012). */
export async function withFiles(db: Db, files: FileStore, rows: Joined[]): Promise<IncidentRecord[]> {
  const attachments = rows.length
    ? await db
        .select()
        .from(incidentAttachments)
        .where(
          and(
            inArray(
              incidentAttachments.incidentId,
              rows.map((r) => r.incident.id),
            ),
            isNotNull(incidentAttachments.storageKey),
          ),
        )
        .orderBy(asc(incidentAttachments.incidentId), asc(incidentAttachments.position))
    : [];
  return Promise.all(
    rows.map(async ({ incident, missionId, tripNumber }) => ({
      id: incident.id,
      missionId,
      createdAt: incident.declaredAt.toISOString(),
      tripNumber,
      incidentCategory: incident.category,
      title: incident.title,
      description: incident.description,
      cause: incident.cause,
      response: incident.response,
      status: incident.status,
      version: incident.version,
      filesUrls: await Promise.all(
        attachments
          .filter((a) => a.incidentId === incident.id)
          .map(async (a) => ({
            name: a.fileName,
            path: await files.signDownload({
              key: a.storageKey as string,
              fileName: a.fileName,
              expiresInSeconds: ATTACHMENT_LINK_SECONDS,
            }),
          })),
      ),
    })),
  );
}
