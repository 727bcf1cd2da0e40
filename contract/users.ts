// User administration vocabulary (requirements §2 'Users', §3 User, §5 user form, §7 /user/* and /auth/get-users).
import { coerce, define, type Infer, object, optional, refine, type, unknown } from 'superstruct';
import { email } from './auth';
import { ROLES, type Role } from './roles';
import {
  INPUT_MESSAGES,
  MAX_LENGTH,
  oneOf,
  recordVersion,
  requiredText,
  safeText,
  textProblem,
  tooLong,
  uuid,
} from './validation';

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

/** The most hospitals one account may hold (a group of hospitals is a handful; this bounds a body). */
export const MAX_HOSPITALS = 50;

export const USER_MESSAGES = {
  firstName: 'le prenom est requis',
  lastName: 'le nom est requis',
  phone: 'le téléphone est requis',
  role: 'le rôle est requis',
  hospitalRequired: "l'hôpital est requis pour un utilisateur Hospital",
  unknownHospital: 'Hôpital inconnu',
  tooManyHospitals: `${MAX_HOSPITALS} hôpitaux maximum`,
  duplicateEmail: 'Un utilisateur existe déjà avec cet e-mail',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte',
  notFound: 'Utilisateur introuvable',
  created: 'Utilisateur ajouté',
  edited: 'Utilisateur modifié',
  deleted: 'Utilisateur supprimé',
} as const;

const role = oneOf('role', ROLES, USER_MESSAGES.role);

/** Each name trimmed, blanks and repeats dropped, in the order given. */
const namesOnce = (names: readonly string[]): string[] => [
  ...new Set(names.map((name) => name.trim()).filter(Boolean)),
];

/**
 * The hospitals of a user form (decision 024): one name, as the spec's form sends it, or a list of names;
 * absent, null and empty alike mean none. Read as a list, each name trimmed, blanks and repeats dropped.
 * Any other value (a number, a list holding one) is refused, as is a name over 200 characters.
 */
const hospitalList = coerce(
  define<string[]>('hospitals', (v) => {
    if (!Array.isArray(v)) return INPUT_MESSAGES.invalidValue;
    for (const name of v) {
      if (typeof name !== 'string') return INPUT_MESSAGES.invalidValue;
      const problem = textProblem(name);
      if (problem) return problem;
      if (name.length > MAX_LENGTH.hospital) return tooLong(MAX_LENGTH.hospital);
    }
    return v.length <= MAX_HOSPITALS || USER_MESSAGES.tooManyHospitals;
  }),
  unknown(),
  (v) => {
    const list = v === null ? [] : typeof v === 'string' ? [v] : v;
    if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) return list;
    return namesOnce(list);
  },
);

const userFields = {
  firstName: requiredText(USER_MESSAGES.firstName, MAX_LENGTH.name),
  lastName: requiredText(USER_MESSAGES.lastName, MAX_LENGTH.name),
  email,
  phone: requiredText(USER_MESSAGES.phone, MAX_LENGTH.phone),
  role,
  // Required for HOSPITAL (`hospitalRule`); for staff it may be absent, null, empty or anything valid, and
  // is stored as none whatever was sent. The spec's form sends a fixed default hospital for staff; ours
  // sends null (decisions 005 and 021).
  hospitals: optional(hospitalList),
};

/** At least one hospital for the HOSPITAL role; cleared for every other (decisions 005 and 024). */
const hospitalRule = <T extends { role: Role; hospitals?: string[] }>(value: T) =>
  value.role !== 'HOSPITAL' || (value.hospitals?.length ?? 0) > 0
    ? true
    : { path: ['hospitals'], message: USER_MESSAGES.hospitalRequired };

export const CreateUserBody = refine(object(userFields), 'hospitalsForRole', hospitalRule);
/** `version`: the one the form was opened on; another one is refused with 409 (decision 064). */
export const EditUserBody = refine(
  object({ id: uuid, ...userFields, version: optional(recordVersion) }),
  'hospitalsForRole',
  hospitalRule,
);
export type CreateUserInput = Infer<typeof CreateUserBody>;
export type EditUserInput = Infer<typeof EditUserBody>;
/** The query of GET /user/hospitalsByName/. */
export const HospitalsByNameQuery = type({ name: optional(safeText) });

/** The hospitals to store for a role: kept (trimmed, once each) for HOSPITAL, none for any other. */
export function hospitalsForRole(
  role: Role,
  hospitals: string | readonly string[] | null | undefined,
): string[] {
  if (role !== 'HOSPITAL' || hospitals === null || hospitals === undefined) return [];
  return namesOnce(typeof hospitals === 'string' ? [hospitals] : hospitals);
}

/** A user's hospitals in one line (the users table and users.xlsx): names joined by ' ; '. */
export const joinHospitals = (hospitals: readonly string[]): string => hospitals.join(' ; ');

/** A row of the users table (GET /user/all). */
export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The user's hospitals: one or more for HOSPITAL, none for staff (decision 024). */
  hospitals: string[];
  role: Role;
  forceChangePassword: boolean;
  /** The account's version, which its edit sends back (decision 064). */
  version: number;
}

export interface Hospital {
  name: string;
}
