// @vitest-environment happy-dom
// The users screen: its table (role labels, '-' for a staff user's hospital, several hospitals joined), the
// add dialog's own messages before any call, the hospital a HOSPITAL user needs, and choosing several
// hospitals in the form (decision 024).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES, type UserRow } from '../../contract/users';
import { SessionProvider } from '../lib/session';
import { fakeApi, signedInAs } from '../testing/app';
import { UsersScreen } from './users-screen';

const user = (over: Partial<UserRow>): UserRow => ({
  id: '00000000-0000-0000-0000-000000000001',
  firstName: 'Anne',
  lastName: 'Martin',
  email: 'anne.martin@demo.test',
  phone: '0601020304',
  hospitals: [],
  role: 'OPERATION',
  forceChangePassword: false,
  version: 1,
  ...over,
});

/** The screen as an ADMIN sees it (the session says who is signed in: no reset of one's own factors). */
const renderUsers = () =>
  render(
    <SessionProvider actor={signedInAs('ADMIN', { id: '00000000-0000-0000-0000-0000000000ad' })}>
      <UsersScreen />
    </SessionProvider>,
  );

const TIMONE = 'AP-HM Hôpital de la Timone';
const HEGP = 'AP-HP Hôpital Européen Georges-Pompidou';
const PELLEGRIN = 'CHU de Bordeaux – Hôpital Pellegrin';

const rows = [
  user({}),
  user({
    id: '00000000-0000-0000-0000-000000000002',
    firstName: 'Lucie',
    lastName: 'Bernard',
    email: 'lucie.bernard@chu-bordeaux.fr',
    role: 'HOSPITAL',
    hospitals: ['CHU de Bordeaux – Hôpital Pellegrin'],
  }),
  user({
    id: '00000000-0000-0000-0000-000000000003',
    firstName: 'Nadia',
    lastName: 'Benali',
    email: 'hopitaux@demo.test',
    role: 'HOSPITAL',
    hospitals: [HEGP, TIMONE],
  }),
];

function withUsers() {
  return fakeApi({
    'GET /user/all': () => ({ body: { data: { rows, pageCount: 1 } } }),
    'GET /missions/hospitals': () => ({
      body: { data: [{ id: 'h1', name: 'CHU de Bordeaux – Hôpital Pellegrin' }] },
    }),
    'GET /user/hospitalsByName/': () => ({
      body: { data: [TIMONE, HEGP, PELLEGRIN].map((name) => ({ name })) },
    }),
    'POST /user/create': ({ body }) => ({ status: 201, body: { data: { ...rows[0], ...(body as object) } } }),
    'PUT /user/edit': ({ body }) => ({ body: { data: { ...rows[0], ...(body as object) } } }),
  });
}

/** Renders the screen with its users and opens the add dialog. */
async function openAddDialog() {
  const { calls } = withUsers();
  renderUsers();
  await screen.findByText('anne.martin@demo.test');
  const ui = userEvent.setup();
  await ui.click(screen.getByRole('button', { name: 'Ajouter utilisateur' }));
  const dialog = await screen.findByRole('dialog', { name: 'AJOUTER UN UTILISATEUR' });
  return { calls, ui, dialog };
}

/** The users screen with the edit dialog of the user named `name` open. */
async function openEditDialog(name: string) {
  const { calls } = withUsers();
  renderUsers();
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole('button', { name: `Modifier ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'MODIFIER UN UTILISATEUR' });
  return { calls, ui, dialog };
}

/** Types a new user's name, e-mail and phone into the add dialog. */
async function fillIdentity(ui: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await ui.type(within(dialog).getByLabelText('Prénom'), 'Paul');
  await ui.type(within(dialog).getByLabelText('Nom'), 'Durand');
  await ui.type(within(dialog).getByLabelText('E-mail'), 'paul.durand@chu.fr');
  await ui.type(within(dialog).getByLabelText('Téléphone'), '0556790000');
}

describe('Users screen', () => {
  it("lists the users with their role's label, and '-' where a staff user has no hospital", async () => {
    withUsers();
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    const anne = (await within(table).findByText('anne.martin@demo.test')).closest('tr') as HTMLElement;
    const lucie = within(table).getByText('lucie.bernard@chu-bordeaux.fr').closest('tr') as HTMLElement;
    expect(within(anne).getByText('Operation')).toBeTruthy();
    expect(within(anne).getByText('-')).toBeTruthy();
    expect(within(lucie).getByText('Hospital')).toBeTruthy();
    expect(within(lucie).getByText('CHU de Bordeaux – Hôpital Pellegrin')).toBeTruthy();
  });

  it('refuses an empty new user with the French messages, without calling the API', async () => {
    const { calls, ui, dialog } = await openAddDialog();
    await ui.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    for (const message of [
      USER_MESSAGES.firstName,
      USER_MESSAGES.lastName,
      USER_MESSAGES.phone,
      USER_MESSAGES.role,
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks a HOSPITAL user for a hospital before any call', async () => {
    const { calls, ui, dialog } = await openAddDialog();
    await fillIdentity(ui, dialog);
    await ui.selectOptions(within(dialog).getByLabelText('Rôle'), 'HOSPITAL');
    await ui.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText(USER_MESSAGES.hospitalRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows several hospitals of a user joined in its row', async () => {
    withUsers();
    renderUsers();
    const row = (await screen.findByText('hopitaux@demo.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText(`${HEGP} ; ${TIMONE}`)).toBeTruthy();
  });

  it('chooses several hospitals for a HOSPITAL user, unchecks one, and sends the others as a list', async () => {
    const { calls, ui, dialog } = await openAddDialog();
    await fillIdentity(ui, dialog);
    expect(within(dialog).queryByRole('group', { name: 'Hôpitaux' })).toBeNull();
    await ui.selectOptions(within(dialog).getByLabelText('Rôle'), 'HOSPITAL');
    const chosen = within(dialog).getByRole('group', { name: 'Hôpitaux' });
    expect(within(chosen).getByText('Aucun hôpital choisi')).toBeTruthy();
    const search = () => within(dialog).getByRole('combobox', { name: 'Rechercher un hôpital' });
    for (const [typed, name] of [
      ['Tim', TIMONE],
      ['Pomp', HEGP],
      ['Pell', PELLEGRIN],
    ]) {
      await ui.type(search(), typed);
      await ui.click(await screen.findByRole('option', { name }, { timeout: 3000 }));
      // The search starts afresh, its list closed, the focus back in it.
      await waitFor(() => expect(document.activeElement).toBe(search()));
      expect((search() as HTMLInputElement).value).toBe('');
      expect(screen.queryByRole('listbox')).toBeNull();
    }
    const boxes = within(chosen).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.closest('label')?.textContent, box.checked])).toEqual([
      [TIMONE, true],
      [HEGP, true],
      [PELLEGRIN, true],
    ]);
    // Unchecked, a hospital stays listed, to be checked again if need be.
    await ui.click(within(chosen).getByRole('checkbox', { name: PELLEGRIN }));
    expect(within(chosen).getByRole('checkbox', { name: PELLEGRIN })).toHaveProperty('checked', false);
    await ui.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/user/create',
      body: { role: 'HOSPITAL', hospitals: [TIMONE, HEGP] },
    });
  });

  it("says why the hospital search failed, with the server's message, instead of 'none found'", async () => {
    const { ui, dialog } = await openAddDialog();
    fakeApi({
      'GET /user/hospitalsByName/': () => ({
        status: 503,
        body: { message: 'Service momentanément indisponible' },
      }),
    });
    await ui.selectOptions(within(dialog).getByLabelText('Rôle'), 'HOSPITAL');
    await ui.type(within(dialog).getByRole('combobox', { name: 'Rechercher un hôpital' }), 'Tim');
    expect(await screen.findByText('Service momentanément indisponible', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Aucun hôpital trouvé')).toBeNull();
  });

  it('edits a user with two hospitals: both checked, one dropped, the other sent', async () => {
    const { calls, ui, dialog } = await openEditDialog('Nadia Benali');
    const chosen = within(dialog).getByRole('group', { name: 'Hôpitaux' });
    const boxes = within(chosen).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.closest('label')?.textContent, box.checked])).toEqual([
      [HEGP, true],
      [TIMONE, true],
    ]);
    await ui.click(within(chosen).getByRole('checkbox', { name: HEGP }));
    await ui.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ hospitals: [TIMONE] });
  });

  it('asks again for a hospital once every one is unchecked', async () => {
    const { calls, ui, dialog } = await openEditDialog('Lucie Bernard');
    await ui.click(within(dialog).getByRole('checkbox', { name: PELLEGRIN }));
    await ui.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    expect(await within(dialog).findByText(USER_MESSAGES.hospitalRequired)).toBeTruthy();
    expect(
      within(dialog).getByRole('combobox', { name: 'Rechercher un hôpital' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
