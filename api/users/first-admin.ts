// The first administrator of a production database, which starts with no account (`npm run
// create-admin`, docs/deploy.md). Checked with the same schema as the user form; refused once an active
// administrator exists, who then creates every other account from the Utilisateurs screen. The temporary
// password is shown once to whoever ran the command, to be changed at the first sign-in; the creation is
// audited with no actor (the command line).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CreateUserBody, type UserRow } from '../../contract/users';
import { check } from '../../contract/validation';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { audit } from '../lib/audit';
import { hashPassword, temporaryPassword } from '../lib/passwords';
import { rowColumns } from './service';

export const FIRST_ADMIN_MESSAGES = {
  adminExists:
    'Un administrateur existe déjà : les autres comptes se créent depuis l’écran Utilisateurs du back-office.',
} as const;

export interface FirstAdminInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export type FirstAdminResult =
  | { ok: true; user: UserRow; temporaryPassword: string }
  | { ok: false; message: string };

export async function createFirstAdmin(
  db: Db,
  input: FirstAdminInput,
  now = new Date(),
): Promise<FirstAdminResult> {
  const parsed = check(CreateUserBody, { ...input, role: 'ADMIN', hospitals: null });
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const { firstName, lastName, email, phone } = parsed.value;
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Two commands run at once create one administrator: the second waits here, then finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('create-first-admin'))`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
      .limit(1);
    if (existing) return { ok: false as const, message: FIRST_ADMIN_MESSAGES.adminExists };
    const [user] = await tx
      .insert(users)
      .values({
        firstName,
        lastName,
        email,
        phone,
        role: 'ADMIN',
        hospitals: [],
        passwordHash,
        forceChangePassword: true,
      })
      .returning(rowColumns);
    await audit(tx, {
      actorId: null,
      action: 'user.create',
      entity: 'user',
      entityId: user.id,
      after: user,
      at: now,
    });
    return { ok: true as const, user, temporaryPassword: password };
  });
}
