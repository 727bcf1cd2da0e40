// The shared schemas refuse bad input with the spec's French messages (the same words in form and API).
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBody,
  EmailBody,
  ForceChangePasswordBody,
  LoginBody,
  passwordProblem,
  ResetPasswordBody,
} from './auth';
import { EditMissionBody } from './missions';
import { canOpen, href } from './routes';
import { CreateUserBody, EditUserBody, hospitalForRole } from './users';
import { check, comment } from './validation';

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
    expect(passwordProblem('')).toBe('Le mot de passe ne peut être vide');
    expect(passwordProblem('Ab1!')).toBe('Le mot de passe doit comporter au moins 8 caractères');
    expect(passwordProblem('ABCDEFG1!')).toBe('Le mot de passe doit contenir une lettre minuscule');
    expect(passwordProblem('abcdefg1!')).toBe('Le mot de passe doit contenir une lettre majuscule');
    expect(passwordProblem('Abcdefgh!')).toBe('Le mot de passe doit contenir un chiffre');
    expect(passwordProblem('Abcdefgh1')).toBe('Le mot de passe doit contenir un caractère spécial');
    expect(passwordProblem('Abcdefg1=')).toBeNull();
  });
  it('requires a 6-digit code', () => {
    const result = check(ResetPasswordBody, { email: 'a@b.fr', otp: '12a456', password: 'Demo-2026!' });
    expect(result).toMatchObject({ ok: false, errors: { otp: 'Le code doit comporter 6 chiffres' } });
  });
});

describe('user schema', () => {
  const base = {
    firstName: 'Anne',
    lastName: 'Martin',
    email: 'anne@chu.fr',
    phone: '0601020304',
    role: 'HOSPITAL',
  };
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
    expect(hospitalForRole('ADMIN', 'CHU X')).toBeNull();
    expect(hospitalForRole('HOSPITAL', ' CHU X ')).toBe('CHU X');
  });
});

describe('mission edit schema', () => {
  const base = {
    id: 'm1',
    numberOfCristal: '2',
    astonStatus: 'PROGRAMMEE',
    organType: 'COEUR,REINS',
    aircraftType: 'JET',
    numberOfMeals: '0',
    isWithIcing: 'true',
    isWithOCS: false,
    airportDeIcing: 'lfpg',
  };
  it('coerces form values', () => {
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
    expect(check(EditMissionBody, { ...base, numberOfCristal: '1.5' })).toMatchObject({
      errors: { numberOfCristal: 'le nombre de cristals doit être entier' },
    });
    expect(check(EditMissionBody, { ...base, numberOfCristal: '' })).toMatchObject({
      errors: { numberOfCristal: 'Obligatoire' },
    });
    expect(check(EditMissionBody, { ...base, astonStatus: undefined, organType: '' })).toMatchObject({
      errors: { astonStatus: 'Obligatoire', organType: 'Obligatoire' },
    });
    expect(check(EditMissionBody, { ...base, numberOfMeals: '-1' }).ok).toBe(false);
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
  const user = {
    firstName: 'Anne',
    lastName: 'Martin',
    email: 'anne@chu.fr',
    phone: '0601020304',
    role: 'ADMIN',
  };
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
    expect(check(EditUserBody, { id: 'u1', ...user, phone: long(31) })).toMatchObject({
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
