// @vitest-environment happy-dom
// The users client: create, edit, delete, the hospital search and the XLSX export.
import { describe, expect, it } from 'vitest';
import { fakeApi, requestOf, savedFiles } from '../testing/fake-api';
import { createUser, deleteUser, editUser, exportUsersXlsx, searchHospitals } from './api';

const ID = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const fields = {
  firstName: 'Anne',
  lastName: 'Martin',
  email: 'anne.martin@example.fr',
  phone: '0600000000',
  role: 'OPERATION',
} as const;

describe('users client', () => {
  it('creates with POST and edits with PUT, giving back the user saved', async () => {
    const { calls } = fakeApi({
      'POST /user/create': ({ body }) => ({ body: { data: { id: ID, ...(body as object) } } }),
      'PUT /user/edit': ({ body }) => ({ body: { data: body } }),
    });
    expect(await createUser(fields)).toEqual({ id: ID, ...fields });
    expect(await editUser({ id: ID, ...fields, lastName: 'Durand' })).toEqual({
      id: ID,
      ...fields,
      lastName: 'Durand',
    });
    expect(calls).toEqual([
      { method: 'POST', path: '/user/create', body: fields },
      { method: 'PUT', path: '/user/edit', body: { id: ID, ...fields, lastName: 'Durand' } },
    ]);
  });

  it('deletes with DELETE', async () => {
    const { calls } = fakeApi({ [`DELETE /user/delete/${ID}`]: () => ({ body: { data: {} } }) });
    expect(await deleteUser(ID)).toBeUndefined();
    expect(calls).toEqual([{ method: 'DELETE', path: `/user/delete/${ID}`, body: undefined }]);
  });

  it('searches hospitals by the name typed', async () => {
    const hospitals = [{ name: 'CHU de Bordeaux' }];
    const { fetch } = fakeApi({ 'GET /user/hospitalsByName/': () => ({ body: { data: hospitals } }) });
    expect(await searchHospitals('bord')).toEqual(hospitals);
    expect(requestOf(fetch)).toEqual({ path: '/user/hospitalsByName/', query: { name: 'bord' } });
  });

  it("saves the export as 'users.xlsx'", async () => {
    const files = savedFiles();
    const { calls } = fakeApi({ 'GET /auth/get-users': () => ({ body: {} }) });
    await exportUsersXlsx();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/get-users']);
    expect(files).toEqual(['users.xlsx']);
  });

  it("throws the server's message", async () => {
    fakeApi({ 'POST /user/create': () => ({ status: 409, body: { message: 'Cet e-mail existe déjà' } }) });
    await expect(createUser(fields)).rejects.toThrow('Cet e-mail existe déjà');
  });
});
