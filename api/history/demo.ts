// Demo history (npm start on an empty database, after the first sync and the demo's missions and
// statistics, decision 036): the audit rows those changes would have left, dated in the past as if they had
// happened over the last days. The first sync stands for Leon's earlier runs: its creations are dated back
// and each mission's way to its status is written as Leon's updates; staff's edits of the demo fields, the
// closings, the statistics' statuses, PDFs and visibility, and the accounts' creation, first password and
// phone follow.
// Deterministic for a given database and `now`.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LegSnapshot } from '../../contract/history';
import type { MissionStatus } from '../../contract/missions';
import type { Db } from '../db/client';
import { auditLog, missions, statistics, users } from '../db/schema';
import { type AuditEntry, auditAll } from '../lib/audit';
import { userColumns } from '../users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The statuses Leon gave a mission on its way to `status` (a staff closing follows a completion). */
function leonPath(status: MissionStatus): MissionStatus[] {
  switch (status) {
    case 'EN_ATTENTE':
      return ['EN_ATTENTE'];
    case 'PROGRAMMEE':
      return ['EN_ATTENTE', 'PROGRAMMEE'];
    case 'EN_COURS':
      return ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS'];
    case 'TERMINEE':
    case 'CLOTUREE':
      return ['EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS', 'TERMINEE'];
    default:
      return ['EN_ATTENTE', 'PROGRAMMEE', status];
  }
}

/** The legs a creation dated back saw: not flown yet. */
const unflown = (after: unknown) =>
  ((after as { legs?: LegSnapshot[] } | null)?.legs ?? []).map((leg) => ({ ...leg, off: null, on: null }));

/** Writes the demo's history; returns the rows added (none when staff edits are already audited). */
export async function seedDemoHistory(db: Db, now: Date): Promise<number> {
  const [{ edits }] = await db
    .select({ edits: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(inArray(auditLog.action, ['mission.edit', 'statistic.change-status', 'user.edit']));
  if (edits > 0) return 0;
  const staff = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const admin = idOf('admin@demo.test');
  const operation = idOf('operation@demo.test');
  const accounting = idOf('accounting@demo.test');
  const entries: AuditEntry[] = [];
  const past = (t: number) => new Date(Math.min(t, now.getTime() - MINUTE));

  // Missions: Leon's creation dated back, its updates on the way to the status, then staff's edit.
  const rows = await db.select().from(missions).orderBy(asc(missions.departureDateTime), asc(missions.id));
  const created = await db
    .select({ id: auditLog.id, entityId: auditLog.entityId, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'mission.leon-create'), eq(auditLog.entity, 'mission')));
  const creationOf = new Map(created.map((row) => [row.entityId, row]));
  for (const [n, mission] of rows.entries()) {
    const creation = creationOf.get(mission.id);
    const departure = mission.departureDateTime?.getTime() ?? now.getTime();
    let at = Math.min(departure - 36 * HOUR, now.getTime() - (48 + (n % 24)) * HOUR);
    const path = leonPath(mission.status === 'CLOTUREE' ? 'TERMINEE' : mission.status);
    // The aircraft type Leon gave at creation: the demo's requests made without Leon (no trip number)
    // get their creation here, with the type they were inserted with.
    const createdType = creation ? (creation.after as { aircraftType?: string }).aircraftType : 'ND';
    if (!creation)
      entries.push({
        actorId: null,
        action: 'mission.leon-create',
        entity: 'mission',
        entityId: mission.id,
        after: {
          tripNumber: mission.tripNumber,
          status: path[0],
          buyerName: mission.buyerName,
          aircraftType: createdType,
          departureDateTime: mission.departureDateTime?.toISOString() ?? null,
        },
        at: new Date(at),
      });
    if (creation) {
      await db
        .update(auditLog)
        .set({
          at: new Date(at),
          after: { ...(creation.after as object), status: path[0], legs: unflown(creation.after) },
        })
        .where(eq(auditLog.id, creation.id));
    }
    for (const [i, status] of path.entries()) {
      if (i === 0) continue;
      const when =
        status === 'PROGRAMMEE'
          ? at + 3 * HOUR
          : status === 'EN_COURS'
            ? departure
            : status === 'TERMINEE'
              ? departure + 2 * HOUR
              : departure - (status === 'ANNULEE_45_PLUS' ? 5 * HOUR : 20 * MINUTE);
      at = Math.max(at + MINUTE, past(when).getTime());
      entries.push({
        actorId: null,
        action: 'mission.leon-update',
        entity: 'mission',
        entityId: mission.id,
        before: { status: path[i - 1] },
        after: { status },
        at: new Date(at),
      });
    }
    // Staff's edit says every field it filled, the aircraft type too when it set one (issue 54: the history
    // said '- → N.D' at creation and never a change, yet the mission read JET).
    const retyped = createdType !== mission.aircraftType;
    const filled = mission.numberOfCristal !== null || mission.organType.length > 0 || retyped;
    if (filled) {
      at = Math.max(at + MINUTE, past(at + 2 * HOUR).getTime());
      const before = {
        numberOfCristal: null,
        organType: [],
        numberOfMeals: null,
        isWithIcing: null,
        airportDeIcing: [],
        isWithOCS: null,
      };
      entries.push({
        actorId: n % 3 === 0 ? admin : operation,
        action: 'mission.edit',
        entity: 'mission',
        entityId: mission.id,
        before: retyped ? { ...before, aircraftType: createdType } : before,
        after: {
          ...(retyped ? { aircraftType: mission.aircraftType } : {}),
          numberOfCristal: mission.numberOfCristal,
          organType: mission.organType,
          numberOfMeals: mission.numberOfMeals,
          isWithIcing: mission.isWithIcing,
          airportDeIcing: mission.airportDeIcing,
          isWithOCS: mission.isWithOCS,
        },
        at: new Date(at),
      });
    }
    if (mission.status === 'CLOTUREE') {
      at = Math.max(at + MINUTE, now.getTime() - (3 * HOUR - n * MINUTE));
      entries.push({
        actorId: admin,
        action: 'mission.edit',
        entity: 'mission',
        entityId: mission.id,
        before: { status: 'TERMINEE' },
        after: { status: 'CLOTUREE' },
        at: new Date(Math.min(at, now.getTime() - MINUTE)),
      });
    }
  }

  // Statistics: accounting moves the invoices on, attaches the PDFs, staff show some to the hospital.
  const records = await db
    .select()
    .from(statistics)
    .where(eq(statistics.active, true))
    .orderBy(asc(statistics.departureDateTime), asc(statistics.id));
  for (const [n, record] of records.entries()) {
    const base = now.getTime() - (26 * HOUR + n * 7 * MINUTE);
    if (record.flightStatus !== 'TO_BE_EDITED' || record.airportStatus !== 'TO_BE_EDITED')
      entries.push({
        actorId: accounting,
        action: 'statistic.change-status',
        entity: 'statistic',
        entityId: record.id,
        before: { flightStatus: 'TO_BE_EDITED', airportStatus: 'TO_BE_EDITED' },
        after: { flightStatus: record.flightStatus, airportStatus: record.airportStatus },
        at: new Date(base),
      });
    if (record.flightPdfKey || record.airportPdfKey) {
      const view = {
        flightStatus: record.flightStatus,
        airportStatus: record.airportStatus,
        showForHospital: false,
      };
      entries.push({
        actorId: accounting,
        action: 'statistic.update-pdf',
        entity: 'statistic',
        entityId: record.id,
        before: {
          ...view,
          flightInvoiceId: null,
          airportInvoiceId: null,
          flightPdfKey: null,
          airportPdfKey: null,
        },
        after: {
          ...view,
          flightInvoiceId: record.flightInvoiceId,
          airportInvoiceId: record.airportInvoiceId,
          flightPdfKey: record.flightPdfKey,
          airportPdfKey: record.airportPdfKey,
        },
        at: new Date(base + 2 * HOUR),
      });
    }
    if (record.showForHospital)
      entries.push({
        actorId: n % 2 ? operation : admin,
        action: 'statistic.toggle-hospital',
        entity: 'statistic',
        entityId: record.id,
        before: { showForHospital: false },
        after: { showForHospital: true },
        at: new Date(base + 5 * HOUR),
      });
  }

  // Accounts: each created by the administrator (the first one at install), then one phone changed.
  const accounts = await db.select(userColumns).from(users).orderBy(asc(users.createdAt), asc(users.email));
  for (const [n, account] of accounts.entries()) {
    const createdAt = now.getTime() - (40 - n) * 24 * HOUR;
    const by = account.id === admin ? null : admin;
    const first = { ...account, phone: null, forceChangePassword: true };
    entries.push({
      actorId: by,
      action: 'user.create',
      entity: 'user',
      entityId: account.id,
      after: first,
      at: new Date(createdAt),
    });
    if (!account.forceChangePassword)
      entries.push({
        actorId: account.id,
        action: 'password.change',
        entity: 'user',
        entityId: account.id,
        at: new Date(createdAt + 20 * HOUR),
      });
    if (account.phone)
      entries.push({
        actorId: admin,
        action: 'user.edit',
        entity: 'user',
        entityId: account.id,
        before: { ...first, forceChangePassword: account.forceChangePassword },
        after: account,
        at: new Date(createdAt + (26 + n) * HOUR),
      });
  }
  await auditAll(db, entries);
  return entries.length;
}
