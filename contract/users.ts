// User administration vocabulary (spec §2 'Users', §3 User, §5 user form, §7 /user/* and /auth/get-users).
import { define, type Infer, nullable, object, optional, refine, type } from 'superstruct';
import { email } from './auth';
import { ROLES, type Role } from './roles';
import { MAX_LENGTH, maxText, requiredText, safeText, uuid } from './validation';

export const USER_PATHS = {
  all: '/user/all',
  create: '/user/create',
  edit: '/user/edit',
  delete: (id: string) => `/user/delete/${encodeURIComponent(id)}`,
  hospitals: '/user/hospitals',
  hospitalsByName: '/user/hospitalsByName/',
  exportXlsx: '/auth/get-users',
} as const;

export const USERS_PAGE_SIZE = 20;

export const USER_MESSAGES = {
  firstName: 'le prenom est requis',
  lastName: 'le nom est requis',
  phone: 'le téléphone est requis',
  role: 'le rôle est requis',
  hospitalRequired: "l'hôpital est requis pour un utilisateur Hospital",
  unknownHospital: 'Hôpital inconnu',
  duplicateEmail: 'Un utilisateur existe déjà avec cet e-mail',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte',
  notFound: 'Utilisateur introuvable',
  created: 'Utilisateur ajouté',
  edited: 'Utilisateur modifié',
  deleted: 'Utilisateur supprimé',
} as const;

const role = define<Role>(
  'role',
  (v) => (typeof v === 'string' && (ROLES as readonly string[]).includes(v)) || USER_MESSAGES.role,
);

const userFields = {
  firstName: requiredText(USER_MESSAGES.firstName, MAX_LENGTH.name),
  lastName: requiredText(USER_MESSAGES.lastName, MAX_LENGTH.name),
  email,
  phone: requiredText(USER_MESSAGES.phone, MAX_LENGTH.phone),
  role,
  // The hospital: required for HOSPITAL (`hospitalRule`); for staff it may be absent, null or empty, all
  // three alike, and is stored as null whatever was sent. The spec's form sends a fixed default hospital
  // for staff; ours sends null (decisions 005 and 021).
  hospitals: optional(nullable(maxText(MAX_LENGTH.hospital))),
};

/** The hospital is required for the HOSPITAL role and cleared for every other (see decision 005). */
const hospitalRule = <T extends { role: Role; hospitals?: string | null }>(value: T) =>
  value.role !== 'HOSPITAL' || (typeof value.hospitals === 'string' && value.hospitals.trim().length > 0)
    ? true
    : { path: ['hospitals'], message: USER_MESSAGES.hospitalRequired };

export const CreateUserBody = refine(object(userFields), 'hospitalForRole', hospitalRule);
export const EditUserBody = refine(object({ id: uuid, ...userFields }), 'hospitalForRole', hospitalRule);
export type CreateUserInput = Infer<typeof CreateUserBody>;
export type EditUserInput = Infer<typeof EditUserBody>;
/** The query of GET /user/hospitalsByName/. */
export const HospitalsByNameQuery = type({ name: optional(safeText) });

/** The hospital to store for a role: kept (trimmed) for HOSPITAL, cleared otherwise. */
export function hospitalForRole(role: Role, hospitals: string | null | undefined): string | null {
  return role === 'HOSPITAL' ? (hospitals?.trim() ?? null) : null;
}

/** A row of the users table (GET /user/all). */
export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  hospitals: string | null;
  role: Role;
  forceChangePassword: boolean;
}

export interface Hospital {
  name: string;
}
