// The user form's hospital for staff (decisions 005 and 021): absent, null and empty are accepted alike
// and stored as none; a HOSPITAL user needs one.
import { describe, expect, it } from 'vitest';
import { CreateUserBody, EditUserBody, hospitalsForRole, USER_MESSAGES } from './users';
import { check } from './validation';

const staff = {
  firstName: 'Léa',
  lastName: 'Garnier',
  email: 'lea@demo.test',
  phone: '0556000000',
  role: 'OPERATION',
};

describe('hospital of a user', () => {
  it('accepts absent, null and empty alike for staff, and keeps none', () => {
    for (const hospitals of [undefined, null, '']) {
      const body = hospitals === undefined ? staff : { ...staff, hospitals };
      const result = check(CreateUserBody, body);
      expect(result.ok).toBe(true);
      const edit = check(EditUserBody, { ...body, id: '6f1c3a52-8d0e-4b7a-9c2f-0a1b2c3d4e5f' });
      expect(edit.ok).toBe(true);
      expect(hospitalsForRole('OPERATION', hospitals)).toEqual([]);
    }
    expect(hospitalsForRole('ADMIN', 'CHU de Bordeaux – Hôpital Pellegrin')).toEqual([]);
  });

  it('requires one for a HOSPITAL user, whichever way it is missing', () => {
    for (const hospitals of [undefined, null, '', '   '])
      expect(check(CreateUserBody, { ...staff, role: 'HOSPITAL', hospitals })).toMatchObject({
        ok: false,
        errors: { hospitals: USER_MESSAGES.hospitalRequired },
      });
  });
});
