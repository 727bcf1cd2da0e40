// User administration's queries and rules: an e-mail used once among active users, hospitals only for
// the HOSPITAL role (one or more, each one that exists), no deleting oneself; every change audited, the
// new account's welcome mail queued with it.
import { and, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type CreateUserInput,
  type EditUserInput,
  hospitalsForRole,
  USER_MESSAGES,
  type UserRow,
} from '../../contract/users';
import { revokeSessions } from '../auth';
import type { Db } from '../db/client';
import { hospitals, users } from '../db/schema';
import { audit } from '../lib/audit';
import { onVersion, refuseStale } from '../lib/conflicts';
import type { Deps } from '../lib/context';
import { fail, sqlState } from '../lib/errors';
import { welcomeMail } from '../lib/mail-texts';
import { containsPattern } from '../lib/paging';
import { hashPassword, temporaryPassword } from '../lib/passwords';

/** The columns of a user as the API shows it (never the password hash). */
export const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  hospitals: users.hospitals,
  role: users.role,
  forceChangePassword: users.forceChangePassword,
  version: users.version,
};

const active = isNull(users.deletedAt);
const byName = [asc(users.lastName), asc(users.firstName)];

/** `id` is a UUID, parsed by the route (api/lib/validate.ts). */
async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db
    .select(rowColumns)
    .from(users)
    .where(and(eq(users.id, id), active));
  if (!row) fail(404, USER_MESSAGES.notFound);
  return row;
}

/** One page of the active users, by name, filtered on name, e-mail or hospital. */
export async function listUsers(db: Db, page: { pageSize: number; offset: number; search: string }) {
  const pattern = containsPattern(page.search);
  const where = and(
    active,
    page.search
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          sql`exists (select 1 from unnest(${users.hospitals}) as hospital where hospital ilike ${pattern})`,
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(...byName, asc(users.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total };
}

/** Every active user, by name (the XLSX export). */
export const allUsers = (db: Db): Promise<UserRow[]> =>
  db
    .select(rowColumns)
    .from(users)
    .where(active)
    .orderBy(...byName);

/** The hospitals, by name; those whose name contains `name` when given (at most 20 then). */
export function hospitalNames(db: Db, name?: string) {
  const all = db.select({ name: hospitals.name }).from(hospitals);
  if (name === undefined) return all.orderBy(asc(hospitals.name));
  return all
    .where(name ? ilike(hospitals.name, containsPattern(name)) : undefined)
    .orderBy(asc(hospitals.name))
    .limit(20);
}

/** Every name must be a known hospital (the `hospitals` table), compared exactly. */
async function checkHospitals(db: Db, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const known = await db
    .select({ name: hospitals.name })
    .from(hospitals)
    .where(inArray(hospitals.name, names));
  if (known.length < names.length) fail(400, USER_MESSAGES.unknownHospital);
}

async function checkEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), active, exceptId ? ne(users.id, exceptId) : undefined));
  if (taken) fail(409, USER_MESSAGES.duplicateEmail);
}

/** The stored fields of a create or edit body, once its hospitals are known and its e-mail free. */
async function checkedProfile(db: Db, input: CreateUserInput & { id?: string }) {
  const names = hospitalsForRole(input.role, input.hospitals);
  await checkHospitals(db, names);
  await checkEmailFree(db, input.email, input.id);
  const { firstName, lastName, email, phone, role } = input;
  return { firstName, lastName, email, phone, role, hospitals: names };
}

/** A unique-index race (two admins at once) gets the same message as the check above. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23505') fail(409, USER_MESSAGES.duplicateEmail);
    throw error;
  }
}

/** A new account with a temporary password, to change at the first sign-in; its welcome mail is queued with it. */
export async function createUser(deps: Deps, actorId: string, input: CreateUserInput): Promise<UserRow> {
  const profile = await checkedProfile(deps.db, input);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...profile, passwordHash, forceChangePassword: true })
        .returning(rowColumns);
      await audit(tx, {
        actorId,
        action: 'user.create',
        entity: 'user',
        entityId: row.id,
        after: row,
        at: deps.now(),
      });
      await deps.mailer.send(welcomeMail(row, password, deps.config.publicOrigin), tx);
      return row;
    }),
  );
}

export async function editUser(deps: Deps, actorId: string, input: EditUserInput): Promise<UserRow> {
  const before = await findUser(deps.db, input.id);
  const profile = await checkedProfile(deps.db, input);
  return uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...profile, updatedAt: deps.now() })
        // Made on the version the form was opened on, if it says which (decision 064).
        .where(and(eq(users.id, input.id), onVersion(users.version, input.version)))
        .returning(rowColumns);
      if (!row) await refuseStale(tx, 'user', { entity: 'user', entityId: input.id }, deps.now());
      await audit(tx, {
        actorId,
        action: 'user.edit',
        entity: 'user',
        entityId: row.id,
        before,
        after: row,
        at: deps.now(),
      });
      return row;
    }),
  );
}

/** Deletes the account (kept, marked deleted) and ends its sessions at once. */
export async function deleteUser(deps: Deps, actorId: string, id: string): Promise<void> {
  if (id === actorId) fail(400, USER_MESSAGES.selfDelete);
  const before = await findUser(deps.db, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id));
    await revokeSessions(tx, { userId: id }, 'user-deleted', now);
    await audit(tx, { actorId, action: 'user.delete', entity: 'user', entityId: id, before, at: now });
  });
}
