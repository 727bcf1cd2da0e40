// User administration (requirements §7 /user/* and /auth/get-users), ADMIN only: each route reads its input and
// calls the users service; the export goes through its exporter.
import { Hono } from 'hono';
import { CreateUserBody, EditUserBody, HospitalsByNameQuery } from '../../contract/users';
import { PageQuery } from '../../contract/validation';
import { requireRole, requireUser } from '../auth';
import type { AppEnv } from '../lib/context';
import { pageParams, toPage } from '../lib/paging';
import { body, param, query } from '../lib/validate';
import { allUsers, createUser, deleteUser, editUser, hospitalNames, listUsers } from './service';

const admin = [requireUser(), requireRole('ADMIN')] as const;

export const usersRoutes = new Hono<AppEnv>()
  .get('/user/all', ...admin, async (c) => {
    const page = pageParams(query(c, PageQuery));
    const { rows, total } = await listUsers(c.get('deps').db, page);
    return c.json({ data: toPage(rows, total, page.pageSize) });
  })
  .post('/user/create', ...admin, async (c) => {
    const input = await body(c, CreateUserBody);
    return c.json({ data: await createUser(c.get('deps'), c.get('user').id, input) }, 201);
  })
  .put('/user/edit', ...admin, async (c) => {
    const input = await body(c, EditUserBody);
    return c.json({ data: await editUser(c.get('deps'), c.get('user').id, input) });
  })
  .delete('/user/delete/:id', ...admin, async (c) => {
    const id = param(c, 'id');
    await deleteUser(c.get('deps'), c.get('user').id, id);
    return c.json({ data: { id } });
  })
  .get('/user/hospitals', ...admin, async (c) => c.json({ data: await hospitalNames(c.get('deps').db) }))
  .get('/user/hospitalsByName/', ...admin, async (c) => {
    const name = (query(c, HospitalsByNameQuery).name ?? '').trim();
    return c.json({ data: await hospitalNames(c.get('deps').db, name) });
  })
  .get('/auth/get-users', ...admin, async (c) =>
    // The exporter (and exceljs) load on the first export, not with the API.
    (await import('./export')).usersXlsx(c, await allUsers(c.get('deps').db)),
  );
