// The shared schemas refuse bad input with the spec's French messages (the same words in form and API).
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBody,
  EmailBody,
  ForceChangePasswordBody,
  LoginBody,
  passwordProblem,
  ResetPasswordBody,
} from './auth';
import { IncidentResponseBody } from './incidents';
import { canList, EditMissionBody, MISSION_CATEGORIES, MissionsListQuery } from './missions';
import { CreateMarketNumberBody } from './prices';
import { ROLES } from './roles';
import { canOpen, href } from './routes';
import { MediaPathQuery } from './statistics';
import { CreateUserBody, EditUserBody, hospitalsForRole } from './users';
import {
  calendarDay,
  check,
  comment,
  INPUT_MESSAGES,
  int32,
  isCalendarDay,
  maxText,
  PageQuery,
  requiredText,
  safeText,
  uuid,
} from './validation';

describe('auth schemas', () => {
  it('lower-cases a valid e-mail and refuses empty or invalid ones', () => {
    expect(check(EmailBody, { email: '  Admin@Demo.TEST ' })).toEqual({
      ok: true,
      value: { email: 'admin@demo.test' },
    });
    expect(check(EmailBody, { email: '' })).toMatchObject({
      ok: false,
      errors: { email: "L'e-mail ne peut pas être vide" },
    });
    expect(check(EmailBody, { email: 'a@b' })).toMatchObject({
      ok: false,
      errors: { email: 'Un courriel valide est requis' },
    });
  });
  it('requires the login password', () => {
    expect(check(LoginBody, { email: 'a@b.fr', password: ' ' })).toMatchObject({
      ok: false,
      message: 'le mot de passe est requis',
    });
  });
  it('applies the password policy in order', () => {
    for (const [password, problem] of [
      ['', 'Le mot de passe ne peut être vide'],
      ['Ab1!', 'Le mot de passe doit comporter au moins 8 caractères'],
      ['ABCDEFG1!', 'Le mot de passe doit contenir une lettre minuscule'],
      ['abcdefg1!', 'Le mot de passe doit contenir une lettre majuscule'],
      ['Abcdefgh!', 'Le mot de passe doit contenir un chiffre'],
      ['Abcdefgh1', 'Le mot de passe doit contenir un caractère spécial'],
    ])
      expect(passwordProblem(password)).toBe(problem);
    expect(passwordProblem('Abcdefg1=')).toBeNull();
  });
  it('requires a 6-digit code', () => {
    const result = check(ResetPasswordBody, { email: 'a@b.fr', otp: '12a456', password: 'Demo-2026!' });
    expect(result).toMatchObject({ ok: false, errors: { otp: 'Le code doit comporter 6 chiffres' } });
  });
});

/** A valid user body, but for its role. */
const ANNE = { firstName: 'Anne', lastName: 'Martin', email: 'anne@chu.fr', phone: '0601020304' };

describe('user schema', () => {
  const base = { ...ANNE, role: 'HOSPITAL' };
  it('gives the spec messages for missing fields', () => {
    const result = check(CreateUserBody, { email: 'anne@chu.fr' });
    expect(result).toMatchObject({
      ok: false,
      errors: {
        firstName: 'le prenom est requis',
        lastName: 'le nom est requis',
        phone: 'le téléphone est requis',
        role: 'le rôle est requis',
      },
    });
  });
  it('requires a hospital for the HOSPITAL role only, and clears it for others', () => {
    expect(check(CreateUserBody, base)).toMatchObject({
      ok: false,
      errors: { hospitals: expect.stringContaining('hôpital') },
    });
    expect(check(CreateUserBody, { ...base, hospitals: 'CHU X' }).ok).toBe(true);
    expect(check(CreateUserBody, { ...base, role: 'ADMIN' }).ok).toBe(true);
    expect(hospitalsForRole('ADMIN', 'CHU X')).toEqual([]);
    expect(hospitalsForRole('HOSPITAL', ' CHU X ')).toEqual(['CHU X']);
  });
});

describe('mission edit schema', () => {
  const base = {
    id: '6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5f',
    numberOfCristal: 2,
    astonStatus: 'PROGRAMMEE',
    organType: 'COEUR,REINS',
    aircraftType: 'JET',
    numberOfMeals: 0,
    isWithIcing: true,
    isWithOCS: false,
    airportDeIcing: 'lfpg',
  };
  it('takes numbers and booleans', () => {
    expect(check(EditMissionBody, base)).toMatchObject({
      ok: true,
      value: {
        numberOfCristal: 2,
        numberOfMeals: 0,
        isWithIcing: true,
        isWithOCS: false,
        airportDeIcing: ['LFPG'],
      },
    });
  });
  it('refuses bad values with the spec messages', () => {
    for (const numberOfCristal of [1.5, 0, -1])
      expect(check(EditMissionBody, { ...base, numberOfCristal })).toMatchObject({
        errors: { numberOfCristal: 'le nombre de cristals doit être entier' },
      });
    for (const numberOfCristal of ['', null, undefined])
      expect(check(EditMissionBody, { ...base, numberOfCristal })).toMatchObject({
        errors: { numberOfCristal: 'Obligatoire' },
      });
    expect(check(EditMissionBody, { ...base, astonStatus: undefined, organType: '' })).toMatchObject({
      errors: { astonStatus: 'Obligatoire', organType: 'Obligatoire' },
    });
    for (const numberOfMeals of [-1, 2.5, null])
      expect(check(EditMissionBody, { ...base, numberOfMeals })).toMatchObject({
        errors: { numberOfMeals: 'Obligatoire' },
      });
  });
  it('refuses numbers and booleans sent as strings (the form sends them typed)', () => {
    expect(check(EditMissionBody, { ...base, numberOfCristal: '2' })).toMatchObject({
      errors: { numberOfCristal: 'le nombre de cristals doit être entier' },
    });
    expect(check(EditMissionBody, { ...base, numberOfMeals: '0' })).toMatchObject({
      errors: { numberOfMeals: 'Obligatoire' },
    });
    expect(check(EditMissionBody, { ...base, isWithIcing: 'true', isWithOCS: 'false' })).toMatchObject({
      errors: { isWithIcing: 'Obligatoire', isWithOCS: 'Obligatoire' },
    });
  });
});

describe('routes', () => {
  it('builds paths and knows who may open them', () => {
    expect(href('missionDetails', { id: 'a b' })).toBe('/mission-details/a%20b');
    expect(canOpen('users', 'HOSPITAL')).toBe(false);
    expect(canOpen('cancelledMissions', 'HOSPITAL')).toBe(false);
    expect(canOpen('statistics', 'HOSPITAL')).toBe(true);
  });
});

describe('length limits', () => {
  const user = { ...ANNE, role: 'ADMIN' };
  const long = (n: number) => 'x'.repeat(n);
  const longEmail = (n: number) => `${'a'.repeat(n - 6)}@ch.fr`;
  const strong = (n: number) => `Aa1!${'x'.repeat(n - 4)}`;

  it('caps names at 100, the phone at 30 and the e-mail at 254 characters, in French', () => {
    expect(check(CreateUserBody, { ...user, firstName: long(100), lastName: long(100) }).ok).toBe(true);
    expect(check(CreateUserBody, { ...user, firstName: long(101), lastName: long(101) })).toMatchObject({
      ok: false,
      errors: { firstName: '100 caractères maximum', lastName: '100 caractères maximum' },
    });
    expect(check(CreateUserBody, { ...user, phone: long(30) }).ok).toBe(true);
    expect(
      check(EditUserBody, { id: '6f1c1a52-8a44-4c4e-9a57-1f2b3c4d5e6f', ...user, phone: long(31) }),
    ).toMatchObject({
      ok: false,
      errors: { phone: '30 caractères maximum' },
    });
    expect(check(CreateUserBody, { ...user, email: longEmail(254) }).ok).toBe(true);
    expect(check(CreateUserBody, { ...user, email: longEmail(255) })).toMatchObject({
      ok: false,
      errors: { email: '254 caractères maximum' },
    });
    expect(check(EmailBody, { email: longEmail(255) })).toMatchObject({
      ok: false,
      message: '254 caractères maximum',
    });
    expect(check(CreateUserBody, { ...user, role: 'HOSPITAL', hospitals: long(201) })).toMatchObject({
      ok: false,
      errors: { hospitals: '200 caractères maximum' },
    });
  });

  it('caps passwords at 128 characters, new or typed to sign in', () => {
    expect(passwordProblem(strong(128))).toBeNull();
    expect(passwordProblem(strong(129))).toBe('128 caractères maximum');
    expect(check(LoginBody, { email: 'a@b.fr', password: long(129) })).toMatchObject({
      ok: false,
      errors: { password: '128 caractères maximum' },
    });
    expect(check(ForceChangePasswordBody, { newPassword: strong(129) })).toMatchObject({
      ok: false,
      errors: { newPassword: '128 caractères maximum' },
    });
    expect(
      check(ChangePasswordBody, {
        currentPassword: long(129),
        newPassword: strong(20),
        confirmation: strong(20),
      }),
    ).toMatchObject({ ok: false, errors: { currentPassword: '128 caractères maximum' } });
  });

  it('caps comments at 2,000 characters', () => {
    expect(check(comment, long(2000)).ok).toBe(true);
    expect(check(comment, long(2001))).toMatchObject({ ok: false, message: '2000 caractères maximum' });
  });
});

describe('change-password schema', () => {
  const input = { currentPassword: 'Demo-2026!', newPassword: 'Compta-2027!', confirmation: 'Compta-2027!' };
  it('requires the current password, the policy, the same confirmation and a different password', () => {
    expect(check(ChangePasswordBody, input).ok).toBe(true);
    expect(check(ChangePasswordBody, { ...input, currentPassword: '' })).toMatchObject({
      errors: { currentPassword: 'Le mot de passe actuel est requis' },
    });
    expect(check(ChangePasswordBody, { ...input, newPassword: 'faible' })).toMatchObject({
      errors: { newPassword: 'Le mot de passe doit comporter au moins 8 caractères' },
    });
    expect(check(ChangePasswordBody, { ...input, confirmation: 'Compta-2028!' })).toMatchObject({
      errors: { confirmation: 'Les mots de passe ne correspondent pas' },
    });
    expect(
      check(ChangePasswordBody, { ...input, newPassword: 'Demo-2026!', confirmation: 'Demo-2026!' }),
    ).toMatchObject({ errors: { newPassword: "Le nouveau mot de passe doit être différent de l'ancien" } });
  });
});

describe('input primitives', () => {
  const message = (schema: Parameters<typeof check>[0], input: unknown) => {
    const result = check(schema, input);
    return result.ok ? null : result.message;
  };

  it('takes canonical UUIDs only', () => {
    expect(message(uuid, '6F1C3A52-8D0E-4B7A-9C2F-0A1B2C3D4E5F')).toBeNull();
    for (const bad of [
      '------------------------------------',
      '0123456789abcdef0123456789abcdef0123',
      '6f1c3a528d0e4b7a9c2f0a1b2c3d4e5f',
      '{6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5f}',
      '6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5\u0000',
      42,
    ])
      expect(message(uuid, bad)).toBe('Identifiant invalide');
  });

  it('takes real calendar days only', () => {
    for (const good of ['2024-02-29', '2023-01-01', '0001-01-01', '9999-12-31', '2026-03-29', '2026-10-25'])
      expect(message(calendarDay, good)).toBeNull();
    for (const bad of [
      '2024-13-45',
      '2024-02-30',
      '2023-02-29',
      '0000-00-00',
      '0000-01-01',
      '9999-99-99',
      '2024-1-5',
      '2024-01-05T00:00',
      ' 2024-01-05',
    ])
      expect(message(calendarDay, bad)).toBe('Date invalide (format attendu : aaaa-mm-jj)');
  });

  it('takes every real day, and each starts a Paris day that formats back to itself', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(isCalendarDay(day)).toBe(true);
          const start = fromZonedTime(`${day}T00:00:00`, 'Europe/Paris');
          expect(formatInTimeZone(start, 'Europe/Paris', 'yyyy-MM-dd')).toBe(day);
        },
      ),
    );
  });

  it('refuses any text that Date would shift to another day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real =
            y >= 1 &&
            m >= 1 &&
            m <= 12 &&
            d >= 1 &&
            d <= new Date(Date.UTC(2000 + (y % 400), m, 0)).getUTCDate();
          expect(isCalendarDay(text)).toBe(real);
        },
      ),
    );
  });

  it('keeps integers within PostgreSQL integer', () => {
    expect(check(int32, '2147483647')).toEqual({ ok: true, value: 2147483647 });
    expect(message(int32, 2147483648)).toBe('Nombre trop grand');
    expect(message(int32, '-2147483649')).toBe('Nombre trop grand');
    expect(message(int32, 1e300)).toBe('Nombre trop grand');
    expect(message(int32, '1e300')).toBe('Nombre entier attendu');
    expect(message(int32, '0x10')).toBe('Nombre entier attendu');
    expect(message(int32, 1.5)).toBe('Nombre entier attendu');
  });

  it('reads page parameters as plain digits within their bounds', () => {
    expect(check(PageQuery, { pageNumber: '2147483647', pageSize: '100', other: 'x' })).toEqual({
      ok: true,
      value: { pageNumber: 2147483647, pageSize: 100, other: 'x' },
    });
    for (const bad of ['1e300', '99999999999999999999', '2147483648', '0', '-1', '1.5', ' 1', '0x10', 'abc'])
      expect(message(PageQuery, { pageNumber: bad })).toBe('pageNumber doit être un entier positif');
    expect(message(PageQuery, { pageSize: '101' })).toBe('pageSize doit être un entier entre 1 et 100');
  });

  it('refuses NUL characters in text', () => {
    expect(message(safeText, 'a\u0000b')).toBe(INPUT_MESSAGES.nul);
    expect(message(requiredText('requis'), 'a\u0000b')).toBe(INPUT_MESSAGES.nul);
    expect(message(PageQuery, { search: '\u0000' })).toBe(INPUT_MESSAGES.nul);
  });

  it('refuses control characters in every text field, in French; multi-line fields keep their lines', () => {
    const controls = ['\u0001', '\b', '\u001b', '\u007f', '\u0085', '\u009f'];
    const user = { ...ANNE, role: 'HOSPITAL', hospitals: ['CHU de Bordeaux'] };
    const period = { fromDate: '2026-01-01', toDate: '2026-12-31' };
    for (const control of controls) {
      const text = `Jean${control}Pierre`;
      expect(message(safeText, text)).toBe(INPUT_MESSAGES.control);
      expect(message(requiredText('requis', 100), text)).toBe(INPUT_MESSAGES.control);
      expect(message(maxText(100), text)).toBe(INPUT_MESSAGES.control);
      expect(message(comment, text)).toBe(INPUT_MESSAGES.controlMultiline);
      expect(message(PageQuery, { search: text })).toBe(INPUT_MESSAGES.control);
      for (const [field, value] of [
        ['firstName', text],
        ['lastName', text],
        ['phone', `06${control}12`],
        ['email', `a${control}b@c.fr`],
        ['hospitals', [text]],
      ] as const)
        expect(check(CreateUserBody, { ...user, [field]: value })).toMatchObject({
          ok: false,
          errors: { [field]: INPUT_MESSAGES.control },
        });
      expect(message(IncidentResponseBody, { response: text })).toBe(INPUT_MESSAGES.controlMultiline);
      expect(message(CreateMarketNumberBody, { ...period, value: text })).toBe(INPUT_MESSAGES.control);
      expect(
        message(MediaPathQuery, {
          id: '6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5f',
          kind: 'flight',
          fileName: text,
          size: '10',
        }),
      ).toBe(INPUT_MESSAGES.control);
    }
    // A one-line field takes no line break or tab inside it (around it, they are trimmed away)…
    for (const inside of ['Jean\nPierre', 'Jean\rPierre', 'Jean\tPierre'])
      expect(message(requiredText('requis', 100), inside)).toBe(INPUT_MESSAGES.control);
    expect(check(requiredText('requis', 100), '\tJean-Pierre\n')).toEqual({ ok: true, value: 'Jean-Pierre' });
    // …a multi-line one keeps them; accents, spaces and other letters are text like any other.
    expect(check(comment, 'Ligne 1\r\n\tLigne 2\nLigne 3')).toMatchObject({ ok: true });
    expect(check(IncidentResponseBody, { response: 'Contrôler\nles pneus' })).toMatchObject({ ok: true });
    expect(check(requiredText('requis', 100), 'Łukasz Öğrenci-Nuñez\u00a0急')).toMatchObject({ ok: true });
  });

  it('bounds the mission edit integers and ids, and the user edit id', () => {
    const mission = {
      id: '6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5f',
      numberOfCristal: 2 ** 31,
      astonStatus: 'PROGRAMMEE',
      organType: 'COEUR',
      aircraftType: 'JET',
      numberOfMeals: 0,
      isWithIcing: false,
      isWithOCS: false,
    };
    expect(check(EditMissionBody, mission)).toMatchObject({
      errors: { numberOfCristal: 'Nombre trop grand' },
    });
    expect(check(EditMissionBody, { ...mission, numberOfCristal: 1, numberOfMeals: 2 ** 31 })).toMatchObject({
      errors: { numberOfMeals: 'Nombre trop grand' },
    });
    expect(check(EditMissionBody, { ...mission, numberOfCristal: '0x10' })).toMatchObject({
      errors: { numberOfCristal: 'le nombre de cristals doit être entier' },
    });
    expect(check(EditMissionBody, { ...mission, id: 'm1', numberOfCristal: 1 })).toMatchObject({
      errors: { id: 'Identifiant invalide' },
    });
    const user = { id: 'u1', firstName: 'A', lastName: 'B', email: 'a@b.fr', phone: '1', role: 'ADMIN' };
    expect(check(EditUserBody, user)).toMatchObject({ errors: { id: 'Identifiant invalide' } });
  });

  it('parses the mission list query', () => {
    expect(
      check(MissionsListQuery, { status: 'requested', statusNeeded: 'PROGRAMMEE', startDate: '2024-02-29' }),
    ).toMatchObject({ ok: true });
    expect(message(MissionsListQuery, { status: 'requested', startDate: '2024-02-30' })).toBe(
      'Date invalide (format attendu : aaaa-mm-jj)',
    );
    expect(
      message(MissionsListQuery, { status: 'requested', startDate: '2024-03-02', endDate: '2024-03-01' }),
    ).toBe('La date de début doit être antérieure à la date de fin');
    expect(message(MissionsListQuery, { status: 'requested', statusNeeded: 'TERMINEE' })).toBe(
      'Statut inconnu pour cette catégorie',
    );
    expect(message(MissionsListQuery, {})).toBe('Catégorie de missions inconnue');
  });

  it('gives each role the mission lists of requirements §6: all but the canceled one for HOSPITAL', () => {
    for (const role of ROLES)
      for (const category of MISSION_CATEGORIES)
        expect(canList(category, role), `${role} ${category}`).toBe(
          !(role === 'HOSPITAL' && category === 'canceled'),
        );
  });
});
