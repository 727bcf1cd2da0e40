// The users XLSX export (GET /auth/get-users): one text row per active user, the role in French.
import type { Context } from 'hono';
import { ROLE_LABELS } from '../../contract/roles';
import { joinHospitals, type UserRow } from '../../contract/users';
import { textWorkbook, xlsxResponse } from '../lib/spreadsheet';

const usersWorkbook = (rows: UserRow[]) =>
  textWorkbook(
    'Utilisateurs',
    [
      { header: 'Prénom', key: 'firstName', width: 18 },
      { header: 'Nom', key: 'lastName', width: 18 },
      { header: 'E-mail', key: 'email', width: 32 },
      { header: 'Téléphone', key: 'phone', width: 20 },
      { header: 'Hôpital', key: 'hospital', width: 44 },
      { header: 'Rôle', key: 'role', width: 14 },
    ],
    rows.map((row) => ({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      // A HOSPITAL user's hospitals in one cell, as the users table shows them.
      hospital: joinHospitals(row.hospitals),
      role: ROLE_LABELS[row.role],
    })),
  );

/** users.xlsx as the answer. */
export const usersXlsx = (c: Context, rows: UserRow[]) => xlsxResponse(c, usersWorkbook(rows), 'users.xlsx');
