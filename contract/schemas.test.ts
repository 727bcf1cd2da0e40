// The shared schemas refuse bad input with the spec's French messages (the same words in form and API).
import { describe, expect, it } from 'vitest';
import { EmailBody, LoginBody, passwordProblem, ResetPasswordBody } from './auth';
import { EditMissionBody } from './missions';
import { canOpen, href } from './routes';
import { CreateUserBody, hospitalForRole } from './users';
import { check } from './validation';

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
