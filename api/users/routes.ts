// User administration (spec §7 /user/* and /auth/get-users), ADMIN only; every change audited.

import { and, asc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Hono } from 'hono';
import { ROLE_LABELS } from '../../contract/roles';
import {
  CreateUserBody,
  type CreateUserInput,
  EditUserBody,
  HospitalsByNameQuery,
  hospitalForRole,
  USER_MESSAGES,
  type UserRow,
} from '../../contract/users';
import { PageQuery } from '../../contract/validation';
import { requireRole, requireUser, revokeSessions } from '../auth';
import type { Db } from '../db/client';
import { hospitals, users } from '../db/schema';
import { audit } from '../lib/audit';
import type { AppEnv, Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { containsPattern, pageParams, toPage } from '../lib/paging';
import { hashPassword, temporaryPassword } from '../lib/passwords';
import { addTextRow, xlsxResponse } from '../lib/spreadsheet';
import { body, param, query } from '../lib/validate';

const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  hospitals: users.hospital,
  role: users.role,
  forceChangePassword: users.forceChangePassword,
};

const admin = [requireUser(), requireRole('ADMIN')] as const;
const active = isNull(users.deletedAt);

/** `id` is a UUID, parsed by the route (api/lib/validate.ts). */
async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(users)
    .where(and(eq(users.id, id), active));
  return row ?? null;
}

async function checkHospital(db: Db, name: string | null): Promise<void> {
  if (name === null) return;
  const [known] = await db.select({ name: hospitals.name }).from(hospitals).where(eq(hospitals.name, name));
  if (!known) fail(400, USER_MESSAGES.unknownHospital);
}

async function checkEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), active, exceptId ? ne(users.id, exceptId) : undefined));
  if (taken) fail(409, USER_MESSAGES.duplicateEmail);
}

/** The stored fields of a create or edit body, once its hospital is known and its e-mail free. */
async function checkedProfile(db: Db, input: CreateUserInput & { id?: string }) {
  const hospital = hospitalForRole(input.role, input.hospitals);
  await checkHospital(db, hospital);
  await checkEmailFree(db, input.email, input.id);
  const { firstName, lastName, email, phone, role } = input;
  return { firstName, lastName, email, phone, role, hospital };
}

/** A unique-index race (two admins at once) gets the same message as the check above. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** Queues the welcome mail in `tx`, so that the account and its mail exist together. */
async function welcome(
  deps: Deps,
  tx: Pick<Db, 'insert'>,
  user: { email: string; firstName: string },
  password: string,
): Promise<void> {
  await deps.mailer.send(
    {
      to: user.email,
      subject: 'Bienvenue sur le back-office des transports d’organes',
      text: [
        `Bonjour ${user.firstName},`,
        '',
        'Un compte vient de vous être créé sur le back-office des transports d’organes.',
        `Adresse de connexion : ${deps.config.publicOrigin}/login`,
        `Identifiant : ${user.email}`,
        `Mot de passe temporaire : ${password}`,
        '',
        'À votre première connexion, vous devrez choisir un nouveau mot de passe.',
      ].join('\n'),
    },
    tx,
  );
}

export const usersRoutes = new Hono<AppEnv>()
  .get('/user/all', ...admin, async (c) => {
    const { db } = c.get('deps');
    const { pageSize, offset, search } = pageParams(query(c, PageQuery));
    const pattern = containsPattern(search);
    const where = and(
      active,
      search
        ? or(
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(users.email, pattern),
            ilike(users.hospital, pattern),
          )
        : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(rowColumns)
        .from(users)
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return c.json({ data: toPage(rows, total, pageSize) });
  })
  .post('/user/create', ...admin, async (c) => {
    const deps = c.get('deps');
    const input = await body(c, CreateUserBody);
    const profile = await checkedProfile(deps.db, input);
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const actor = c.get('user');
    let created: UserRow;
    try {
      created = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...profile, passwordHash, forceChangePassword: true })
          .returning(rowColumns);
        await audit(tx, {
          actorId: actor.id,
          action: 'user.create',
          entity: 'user',
          entityId: row.id,
          after: row,
          at: deps.now(),
        });
        await welcome(deps, tx, row, password);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) fail(409, USER_MESSAGES.duplicateEmail);
      throw error;
    }
    return c.json({ data: created }, 201);
  })
  .put('/user/edit', ...admin, async (c) => {
    const deps = c.get('deps');
    const input = await body(c, EditUserBody);
    const before = await findUser(deps.db, input.id);
    if (!before) fail(404, USER_MESSAGES.notFound);
    const profile = await checkedProfile(deps.db, input);
    const actor = c.get('user');
    try {
      const after = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...profile, updatedAt: deps.now() })
          .where(eq(users.id, input.id))
          .returning(rowColumns);
        await audit(tx, {
          actorId: actor.id,
          action: 'user.edit',
          entity: 'user',
          entityId: row.id,
          before,
          after: row,
          at: deps.now(),
        });
        return row;
      });
      return c.json({ data: after });
    } catch (error) {
      if (isUniqueViolation(error)) fail(409, USER_MESSAGES.duplicateEmail);
      throw error;
    }
  })
  .delete('/user/delete/:id', ...admin, async (c) => {
    const deps = c.get('deps');
    const id = param(c, 'id');
    const actor = c.get('user');
    if (id === actor.id) fail(400, USER_MESSAGES.selfDelete);
    const before = await findUser(deps.db, id);
    if (!before) fail(404, USER_MESSAGES.notFound);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id));
      await revokeSessions(tx, { userId: id }, 'user-deleted', now);
      await audit(tx, {
        actorId: actor.id,
        action: 'user.delete',
        entity: 'user',
        entityId: id,
        before,
        at: now,
      });
    });
    return c.json({ data: { id } });
  })
  .get('/user/hospitals', ...admin, async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ name: hospitals.name })
      .from(hospitals)
      .orderBy(asc(hospitals.name));
    return c.json({ data: rows });
  })
  .get('/user/hospitalsByName/', ...admin, async (c) => {
    const name = (query(c, HospitalsByNameQuery).name ?? '').trim();
    const rows = await c
      .get('deps')
      .db.select({ name: hospitals.name })
      .from(hospitals)
      .where(name ? ilike(hospitals.name, containsPattern(name)) : undefined)
      .orderBy(asc(hospitals.name))
      .limit(20);
    return c.json({ data: rows });
  })
  .get('/auth/get-users', ...admin, async (c) => {
    const rows = await c
      .get('deps')
      .db.select(rowColumns)
      .from(users)
      .where(active)
      .orderBy(asc(users.lastName), asc(users.firstName));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Utilisateurs');
    sheet.columns = [
      { header: 'Prénom', key: 'firstName', width: 18 },
      { header: 'Nom', key: 'lastName', width: 18 },
      { header: 'E-mail', key: 'email', width: 32 },
      { header: 'Téléphone', key: 'phone', width: 20 },
      { header: 'Hôpital', key: 'hospital', width: 44 },
      { header: 'Rôle', key: 'role', width: 14 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      addTextRow(sheet, {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        hospital: row.hospitals ?? '',
        role: ROLE_LABELS[row.role],
      });
    }
    return xlsxResponse(c, workbook, 'users.xlsx');
  });
