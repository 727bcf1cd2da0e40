// User administration as callers see it, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { MAX_HOSPITALS, USER_MESSAGES, type UserRow } from '../../contract/users';
import { INPUT_MESSAGES, tooLong } from '../../contract/validation';
import { auditLog, users } from '../db/schema';
import { DEMO_HOSPITALS, seedDemo } from '../db/seed';
import { describeEachDatabase } from '../test/databases';
import { Caller, lastMailText, refusal, testApp } from '../test/harness';

type PageBody = { data: { rows: UserRow[]; pageCount: number } };

describeEachDatabase('user administration', (database) => {
  let t: ReturnType<typeof testApp>;
  let admin: Caller;
  beforeAll(async () => {
    await seedDemo(database().db);
    t = testApp(database().db);
    admin = new Caller(t.app);
    await admin.login('admin@demo.test');
  });
  const newUser = (over: Partial<Record<string, string | null>> = {}) => ({
    firstName: 'Anne',
    lastName: 'Martin',
    email: 'anne.martin@chu-bordeaux.fr',
    phone: '+33 5 56 00 00 00',
    role: 'HOSPITAL',
    hospitals: DEMO_HOSPITALS[0],
    ...over,
  });
  const welcomePassword = async (email: string) =>
    (await lastMailText(database().db, email))?.match(/Mot de passe temporaire : (\S+)/)?.[1];

  describe('roles', () => {
    for (const email of ['operation@demo.test', 'accounting@demo.test', 'hopital@demo.test']) {
      it(`refuses every call to ${email}`, async () => {
        const c = new Caller(t.app);
        await c.login(email);
        const calls = [
          c.get('/user/all'),
          c.post('/user/create', newUser({ email: 'x@y.fr' })),
          c.put('/user/edit', { id: '00000000-0000-0000-0000-000000000000', ...newUser() }),
          c.delete('/user/delete/00000000-0000-0000-0000-000000000000'),
          c.get('/user/hospitals'),
          c.get('/user/hospitalsByName/?name=CHU'),
          c.get('/auth/get-users'),
        ];
        for (const answer of await Promise.all(calls))
          expect(answer).toMatchObject(refusal(403, MESSAGES.forbidden));
      });
    }
    it('refuses callers without a session', async () => {
      expect((await new Caller(t.app).get('/user/all')).status).toBe(401);
    });
  });

  describe('list', () => {
    it('pages by 20 and searches names, e-mail and hospital', async () => {
      const all = await admin.get<PageBody>('/user/all?pageSize=20&pageNumber=1');
      expect(all.status).toBe(200);
      expect(all.body.data.rows.map((r) => r.email)).toContain('admin@demo.test');
      expect(all.body.data.pageCount).toBe(1);
      const byHospital = await admin.get<PageBody>(`/user/all?search=${encodeURIComponent('pellegrin')}`);
      expect(byHospital.body.data.rows.map((r) => r.email)).toEqual(['hopital@demo.test']);
      const byName = await admin.get<PageBody>('/user/all?search=dubois');
      expect(byName.body.data.rows.map((r) => r.email)).toEqual(['admin@demo.test']);
      const small = await admin.get<PageBody>('/user/all?pageSize=2&pageNumber=2');
      expect(small.body.data).toMatchObject({ pageCount: 3 });
      expect(small.body.data.rows).toHaveLength(2);
      expect((await admin.get('/user/all?pageNumber=0')).status).toBe(400);
    });
  });

  describe('create', () => {
    it('creates a hospital user, mails a temporary password that signs in and forces a change', async () => {
      const created = await admin.post<{ data: UserRow }>(
        '/user/create',
        newUser({ email: 'Anne.Martin@CHU-Bordeaux.fr' }),
      );
      expect(created).toMatchObject({
        status: 201,
        body: {
          data: {
            email: 'anne.martin@chu-bordeaux.fr',
            role: 'HOSPITAL',
            hospitals: [DEMO_HOSPITALS[0]],
            forceChangePassword: true,
          },
        },
      });
      const password = await welcomePassword('anne.martin@chu-bordeaux.fr');
      expect(password).toBeTruthy();
      const anne = new Caller(t.app);
      expect((await anne.login('anne.martin@chu-bordeaux.fr', password)).body).toMatchObject({
        data: { forceChangePassword: true },
      });
      const [row] = await database().db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
      expect(row).toMatchObject({ entityId: created.body.data.id });
      expect(JSON.stringify(row)).not.toMatch(/scrypt|passwordHash/);
    });

    it('refuses a duplicate e-mail and changes nothing', async () => {
      const before = await database().db.select().from(users);
      const answer = await admin.post(
        '/user/create',
        newUser({ email: 'ANNE.martin@chu-bordeaux.fr', firstName: 'Autre' }),
      );
      expect(answer).toMatchObject(refusal(409, USER_MESSAGES.duplicateEmail));
      expect(await database().db.select().from(users)).toHaveLength(before.length);
    });

    it('validates with the form rules and the hospital rule', async () => {
      expect(await admin.post('/user/create', newUser({ firstName: ' ' }))).toMatchObject(
        refusal(400, USER_MESSAGES.firstName),
      );
      expect(await admin.post('/user/create', newUser({ email: 'pas-un-mail' }))).toMatchObject(
        refusal(400, MESSAGES.emailInvalid),
      );
      expect(await admin.post('/user/create', newUser({ email: 'h@chu.fr', hospitals: null }))).toMatchObject(
        {
          status: 400,
          body: { message: USER_MESSAGES.hospitalRequired },
        },
      );
      expect(
        await admin.post('/user/create', newUser({ email: 'h@chu.fr', hospitals: 'Hôpital inventé' })),
      ).toMatchObject(refusal(400, USER_MESSAGES.unknownHospital));
      const staff = await admin.post<{ data: UserRow }>(
        '/user/create',
        newUser({ email: 'ops2@demo.test', role: 'OPERATION' }),
      );
      expect(staff.body.data.hospitals).toEqual([]);
    });
    it('refuses names over 100, a phone over 30 and an e-mail over 254 characters, storing nothing', async () => {
      const before = await database().db.select().from(users);
      const cases: Array<[Partial<Record<string, string>>, string]> = [
        [{ firstName: 'x'.repeat(101) }, tooLong(100)],
        [{ lastName: 'x'.repeat(1_000_000) }, tooLong(100)],
        [{ phone: '0'.repeat(31) }, tooLong(30)],
        [{ email: `${'a'.repeat(250)}@x.fr` }, tooLong(254)],
      ];
      for (const [over, message] of cases)
        expect(await admin.post('/user/create', newUser({ email: 'long@demo.test', ...over }))).toMatchObject(
          {
            status: 400,
            body: { message },
          },
        );
      expect(await database().db.select().from(users)).toHaveLength(before.length);
    });
  });

  it('refuses control characters in names, phone, e-mail and hospitals, storing nothing', async () => {
    const before = await database().db.select().from(users);
    const cases: Array<Partial<Record<string, string>>> = [
      { firstName: 'An\u0001ne' },
      { lastName: 'Mar\btin' },
      { lastName: 'Mar\ntin' },
      { phone: '+33 5\u007f56' },
      { email: 'anne\u0008@chu.fr' },
      { hospitals: `${DEMO_HOSPITALS[0]}\u0085` },
    ];
    for (const over of cases)
      expect(
        await admin.post('/user/create', newUser({ email: 'control@demo.test', ...over })),
        JSON.stringify(over),
      ).toMatchObject(refusal(400, INPUT_MESSAGES.control));
    expect(await database().db.select().from(users)).toHaveLength(before.length);
  });

  describe('edit and delete', () => {
    const idOf = async (email: string) =>
      (await database().db.select().from(users).where(eq(users.email, email)))[0].id;

    it('edits a user; a duplicate e-mail is refused and nothing changes', async () => {
      const id = await idOf('ops2@demo.test');
      const edited = await admin.put<{ data: UserRow }>('/user/edit', {
        id,
        ...newUser({ email: 'ops2@demo.test', role: 'ACCOUNTING', lastName: 'Durand' }),
      });
      expect(edited).toMatchObject({
        status: 200,
        body: { data: { lastName: 'Durand', role: 'ACCOUNTING', hospitals: [] } },
      });
      const clash = await admin.put('/user/edit', {
        id,
        ...newUser({ email: 'admin@demo.test', role: 'ACCOUNTING', lastName: 'Autre' }),
      });
      expect(clash).toMatchObject(refusal(409, USER_MESSAGES.duplicateEmail));
      const [row] = await database().db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ lastName: 'Durand', email: 'ops2@demo.test' });
      const [entry] = await database().db.select().from(auditLog).where(eq(auditLog.action, 'user.edit'));
      expect(entry.before).toMatchObject({ role: 'OPERATION' });
      expect(entry.after).toMatchObject({ role: 'ACCOUNTING' });
    });

    it('saves on the current version and bumps it; refuses a stale one with 409, changing nothing (decision 064)', async () => {
      const id = await idOf('ops2@demo.test');
      const [{ version }] = await database().db.select().from(users).where(eq(users.id, id));
      const base = { id, ...newUser({ email: 'ops2@demo.test', role: 'ACCOUNTING' }) };
      const listed = await admin.get<PageBody>('/user/all?search=ops2');
      expect(listed.body.data.rows[0]).toMatchObject({ id, version });
      const saved = await admin.put<{ data: UserRow }>('/user/edit', { ...base, lastName: 'Roux', version });
      expect(saved).toMatchObject({
        status: 200,
        body: { data: { lastName: 'Roux', version: version + 1 } },
      });
      const [stored] = await database().db.select().from(users).where(eq(users.id, id));
      const audited = await database().db.select().from(auditLog).where(eq(auditLog.entityId, id));
      const stale = await admin.put('/user/edit', { ...base, lastName: 'Blanc', version });
      expect(stale).toMatchObject(
        refusal(
          409,
          'Cet utilisateur a été modifié entre-temps (par Claire Dubois à 11:00) : rechargez-le avant d’enregistrer.',
        ),
      );
      expect((await database().db.select().from(users).where(eq(users.id, id)))[0]).toEqual(stored);
      expect(await database().db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual(audited);
      const unchecked = await admin.put<{ data: UserRow }>('/user/edit', { ...base, lastName: 'Blanc' });
      expect(unchecked).toMatchObject({
        status: 200,
        body: { data: { lastName: 'Blanc', version: version + 2 } },
      });
    });

    it('refuses over-long fields on edit and changes nothing', async () => {
      const id = await idOf('ops2@demo.test');
      const [before] = await database().db.select().from(users).where(eq(users.id, id));
      const base = { id, ...newUser({ email: 'ops2@demo.test', role: 'ACCOUNTING' }) };
      const cases: Array<[Record<string, string>, string]> = [
        [{ firstName: 'x'.repeat(101) }, tooLong(100)],
        [{ lastName: 'x'.repeat(101) }, tooLong(100)],
        [{ phone: '0'.repeat(31) }, tooLong(30)],
        [{ email: `${'a'.repeat(250)}@x.fr` }, tooLong(254)],
      ];
      for (const [over, message] of cases)
        expect(await admin.put('/user/edit', { ...base, ...over })).toMatchObject({
          status: 400,
          body: { message },
        });
      const [after] = await database().db.select().from(users).where(eq(users.id, id));
      expect(after).toEqual(before);
    });

    it('applies a demotion on the very next call', async () => {
      await admin.post('/user/create', newUser({ email: 'chef@demo.test', role: 'ADMIN' }));
      const chef = new Caller(t.app);
      await chef.login('chef@demo.test', await welcomePassword('chef@demo.test'));
      await chef.post('/auth/force-change-password', { newPassword: 'Chef-2026!' });
      expect((await chef.get('/user/all')).status).toBe(200);
      const id = await idOf('chef@demo.test');
      await admin.put('/user/edit', { id, ...newUser({ email: 'chef@demo.test', role: 'OPERATION' }) });
      expect((await chef.get('/user/all')).status).toBe(403);
      expect(await chef.get('/user/me')).toMatchObject({
        status: 200,
        body: { data: { role: 'OPERATION' } },
      });
    });

    it('refuses to delete oneself', async () => {
      const id = await idOf('admin@demo.test');
      expect(await admin.delete(`/user/delete/${id}`)).toMatchObject(refusal(400, USER_MESSAGES.selfDelete));
    });

    it('deletes a user, whose next call is refused, and frees the e-mail', async () => {
      const anne = new Caller(t.app);
      await anne.login('anne.martin@chu-bordeaux.fr', await welcomePassword('anne.martin@chu-bordeaux.fr'));
      expect((await anne.get('/user/me')).status).toBe(200);
      const id = await idOf('anne.martin@chu-bordeaux.fr');
      expect(await admin.delete(`/user/delete/${id}`)).toMatchObject({ status: 200 });
      expect((await anne.get('/user/me')).status).toBe(401);
      expect((await anne.post('/auth/refresh')).status).toBe(401);
      const list = await admin.get<PageBody>('/user/all?search=anne.martin');
      expect(list.body.data.rows).toEqual([]);
      expect(await admin.delete(`/user/delete/${id}`)).toMatchObject(refusal(404, USER_MESSAGES.notFound));
      expect((await admin.post('/user/create', newUser())).status).toBe(201);
    });
  });

  describe('hospitals and export', () => {
    it('lists hospitals and searches them by name', async () => {
      const all = await admin.get<{ data: { name: string }[] }>('/user/hospitals');
      expect(all.body.data.map((h) => h.name)).toEqual([...DEMO_HOSPITALS].sort((a, b) => (a < b ? -1 : 1)));
      const found = await admin.get<{ data: { name: string }[] }>('/user/hospitalsByName/?name=timone');
      expect(found.body.data).toEqual([{ name: 'AP-HM Hôpital de la Timone' }]);
    });

    it('exports text exactly as written, in string cells that no spreadsheet evaluates', async () => {
      const written = { firstName: '@SUM(A1:A2)', lastName: '=1+1', phone: '-2+3' };
      await admin.post('/user/create', newUser({ email: 'calcul@demo.test', role: 'OPERATION', ...written }));
      const response = await t.app.request('/auth/get-users', {
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0];
      let row: ExcelJS.Row | undefined;
      sheet.eachRow((r) => {
        if (r.getCell(3).value === 'calcul@demo.test') row = r;
      });
      const cells = [1, 2, 4].map((column) => row?.getCell(column));
      expect(cells.map((cell) => cell?.value)).toEqual([written.firstName, written.lastName, written.phone]);
      for (const cell of cells) {
        expect(cell?.type).toBe(ExcelJS.ValueType.String);
        expect(cell?.formula).toBeUndefined();
        expect(cell?.numFmt).toBe('@');
      }
    });

    it('exports users.xlsx with French headers, role labels and neutralised formulas', async () => {
      await admin.post(
        '/user/create',
        newUser({ email: 'formule@demo.test', role: 'OPERATION', lastName: '=HYPERLINK("x")' }),
      );
      const response = await t.app.request('/auth/get-users', {
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="users.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0];
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'Prénom',
        'Nom',
        'E-mail',
        'Téléphone',
        'Hôpital',
        'Rôle',
      ]);
      const rows = sheet.getSheetValues().slice(2) as unknown[][];
      const admins = rows.find((r) => r[3] === 'admin@demo.test');
      expect(admins?.slice(1)).toEqual([
        'Claire',
        'Dubois',
        'admin@demo.test',
        '+33 1 45 00 00 01',
        '',
        'Admin',
      ]);
      expect(rows.find((r) => r[3] === 'formule@demo.test')?.[2]).toBe('=HYPERLINK("x")');
      expect(
        rows.some((r) => r[3] === 'hopital@demo.test' && r[5] === DEMO_HOSPITALS[0] && r[6] === 'Hospital'),
      ).toBe(true);
    });
  });
  describe('several hospitals (decision 024)', () => {
    const [BORDEAUX, PARIS_HEGP, LYON, , TIMONE] = DEMO_HOSPITALS;
    const stored = async (email: string) =>
      (
        await database().db.select({ hospitals: users.hospitals }).from(users).where(eq(users.email, email))
      )[0]?.hospitals;
    type One = { data: UserRow };

    it('creates a HOSPITAL user with one name or a list of names, each kept once, trimmed', async () => {
      const single = await admin.post<One>(
        '/user/create',
        newUser({ email: 'seul@chu.fr', hospitals: LYON }),
      );
      expect(single).toMatchObject({ status: 201, body: { data: { hospitals: [LYON] } } });
      const list = await admin.post<One>('/user/create', {
        ...newUser({ email: 'groupe@chu.fr' }),
        hospitals: [` ${PARIS_HEGP} `, TIMONE, PARIS_HEGP, ''],
      });
      expect(list).toMatchObject({ status: 201, body: { data: { hospitals: [PARIS_HEGP, TIMONE] } } });
      expect(await stored('groupe@chu.fr')).toEqual([PARIS_HEGP, TIMONE]);
      // The users page and the signed-in user carry the list.
      const page = await admin.get<PageBody>('/user/all?search=groupe@chu.fr');
      expect(page.body.data.rows.map((r) => r.hospitals)).toEqual([[PARIS_HEGP, TIMONE]]);
      const byHospital = await admin.get<PageBody>('/user/all?search=timone');
      expect(byHospital.body.data.rows.map((r) => r.email)).toEqual(
        expect.arrayContaining(['groupe@chu.fr', 'hopitaux@demo.test']),
      );
    });

    it('edits the hospitals with a list or one name, and clears them for staff', async () => {
      const [{ id }] = await database().db.select().from(users).where(eq(users.email, 'seul@chu.fr'));
      const edit = (hospitals: unknown, role = 'HOSPITAL') =>
        admin.put<One>('/user/edit', { id, ...newUser({ email: 'seul@chu.fr', role }), hospitals });
      expect((await edit([LYON, BORDEAUX])).body.data.hospitals).toEqual([LYON, BORDEAUX]);
      expect(await stored('seul@chu.fr')).toEqual([LYON, BORDEAUX]);
      expect((await edit(TIMONE)).body.data.hospitals).toEqual([TIMONE]);
      for (const hospitals of [undefined, null, '', [], [LYON, TIMONE]]) {
        expect((await edit(TIMONE)).status).toBe(200);
        const staff = await edit(hospitals, 'OPERATION');
        expect(staff).toMatchObject({ status: 200, body: { data: { role: 'OPERATION', hospitals: [] } } });
        expect(await stored('seul@chu.fr')).toEqual([]);
      }
    });

    it('refuses a HOSPITAL user without a hospital, with an unknown one or a bad list, changing nothing', async () => {
      const [before] = await database().db.select().from(users).where(eq(users.email, 'groupe@chu.fr'));
      const cases: Array<[unknown, number, string]> = [
        [[], 400, USER_MESSAGES.hospitalRequired],
        [['', '  '], 400, USER_MESSAGES.hospitalRequired],
        [[PARIS_HEGP, 'Hôpital inventé'], 400, USER_MESSAGES.unknownHospital],
        [[PARIS_HEGP, 42], 400, INPUT_MESSAGES.invalidValue],
        [{ name: PARIS_HEGP }, 400, INPUT_MESSAGES.invalidValue],
        [[PARIS_HEGP, 'x'.repeat(201)], 400, tooLong(200)],
        [
          Array.from({ length: MAX_HOSPITALS + 1 }, (_, i) => `Hôpital ${i}`),
          400,
          USER_MESSAGES.tooManyHospitals,
        ],
      ];
      for (const [hospitals, status, message] of cases) {
        const body = { ...newUser({ email: 'groupe@chu.fr' }), hospitals };
        expect(await admin.put('/user/edit', { id: before.id, ...body })).toMatchObject(
          refusal(status, message),
        );
        expect(await admin.post('/user/create', { ...body, email: 'autre@chu.fr' })).toMatchObject(
          refusal(status, message),
        );
      }
      const [after] = await database().db.select().from(users).where(eq(users.email, 'groupe@chu.fr'));
      expect(after).toEqual(before);
      expect(await stored('autre@chu.fr')).toBeUndefined();
    });

    it('exports several hospitals joined in one cell', async () => {
      const response = await t.app.request('/auth/get-users', {
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const rows = workbook.worksheets[0].getSheetValues().slice(2) as unknown[][];
      expect(rows.find((r) => r[3] === 'groupe@chu.fr')?.[5]).toBe(`${PARIS_HEGP} ; ${TIMONE}`);
      expect(rows.find((r) => r[3] === 'hopitaux@demo.test')?.[5]).toBe(`${PARIS_HEGP} ; ${TIMONE}`);
    });
  });
});
