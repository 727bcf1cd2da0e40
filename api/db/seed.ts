// Demo data for a newcomer (DESIGN.md §7): hospitals and one account per role, into an empty database.
import { sql } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import { hashPassword } from '../auth/passwords';
import type { Db } from './client';
import { hospitals, users } from './schema';

export const DEMO_PASSWORD = 'Demo-2026!';

export const DEMO_HOSPITALS = [
  'CHU de Bordeaux – Hôpital Pellegrin',
  'AP-HP Hôpital Européen Georges-Pompidou',
  'Hospices Civils de Lyon – Hôpital Édouard-Herriot',
  'CHU de Toulouse – Hôpital Rangueil',
  'AP-HM Hôpital de la Timone',
];

export const DEMO_ACCOUNTS: Array<{
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  hospital?: string;
  forceChangePassword?: boolean;
  note?: string;
}> = [
  {
    email: 'admin@demo.test',
    firstName: 'Claire',
    lastName: 'Dubois',
    phone: '+33 1 45 00 00 01',
    role: 'ADMIN',
  },
  {
    email: 'operation@demo.test',
    firstName: 'Julien',
    lastName: 'Moreau',
    phone: '+33 1 45 00 00 02',
    role: 'OPERATION',
  },
  {
    email: 'accounting@demo.test',
    firstName: 'Sophie',
    lastName: 'Laurent',
    phone: '+33 1 45 00 00 03',
    role: 'ACCOUNTING',
  },
  {
    email: 'hopital@demo.test',
    firstName: 'Marc',
    lastName: 'Lefèvre',
    phone: '+33 5 56 79 56 79',
    role: 'HOSPITAL',
    hospital: DEMO_HOSPITALS[0],
    note: DEMO_HOSPITALS[0],
  },
  {
    email: 'nouveau@demo.test',
    firstName: 'Léa',
    lastName: 'Garnier',
    phone: '+33 1 45 00 00 05',
    role: 'OPERATION',
    forceChangePassword: true,
    note: 'must change its password at first sign-in',
  },
];

/** Seeds hospitals and accounts when no user exists; returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(hospitals)
      .values(DEMO_HOSPITALS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        phone: a.phone,
        role: a.role,
        hospital: a.hospital ?? null,
        passwordHash,
        forceChangePassword: a.forceChangePassword ?? false,
      })),
    );
  });
  return true;
}
