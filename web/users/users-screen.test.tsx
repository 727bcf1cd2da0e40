// @vitest-environment happy-dom
// The users screen: its table (role labels, '-' for a staff user's hospital), the add dialog's own
// messages before any call, and the hospital a HOSPITAL user needs.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES, type UserRow } from '../../contract/users';
import { fakeApi } from '../testing/app';
import { UsersScreen } from './users-screen';

const user = (over: Partial<UserRow>): UserRow => ({
  id: '00000000-0000-0000-0000-000000000001',
  firstName: 'Anne',
  lastName: 'Martin',
  email: 'anne.martin@demo.test',
  phone: '0601020304',
  hospitals: null,
  role: 'OPERATION',
  forceChangePassword: false,
  ...over,
});

const rows = [
  user({}),
  user({
    id: '00000000-0000-0000-0000-000000000002',
    firstName: 'Lucie',
    lastName: 'Bernard',
    email: 'lucie.bernard@chu-bordeaux.fr',
    role: 'HOSPITAL',
    hospitals: 'CHU de Bordeaux – Hôpital Pellegrin',
  }),
];

function withUsers() {
  return fakeApi({
    'GET /user/all': () => ({ body: { data: { rows, pageCount: 1 } } }),
    'GET /missions/hospitals': () => ({
      body: { data: [{ id: 'h1', name: 'CHU de Bordeaux – Hôpital Pellegrin' }] },
    }),
  });
}

/** Renders the screen with its users and opens the add dialog. */
async function openAddDialog() {
  const { calls } = withUsers();
  render(<UsersScreen />);
  await screen.findByText('anne.martin@demo.test');
  const ui = userEvent.setup();
  await ui.click(screen.getByRole('button', { name: 'Ajouter utilisateur' }));
  const dialog = await screen.findByRole('dialog', { name: 'AJOUTER UN UTILISATEUR' });
  return { calls, ui, dialog };
}

describe('Users screen', () => {
  it("lists the users with their role's label, and '-' where a staff user has no hospital", async () => {
    withUsers();
    render(<UsersScreen />);
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
    await ui.type(within(dialog).getByLabelText('Prénom'), 'Paul');
    await ui.type(within(dialog).getByLabelText('Nom'), 'Durand');
    await ui.type(within(dialog).getByLabelText('E-mail'), 'paul.durand@chu.fr');
    await ui.type(within(dialog).getByLabelText('Téléphone'), '0556790000');
    await ui.selectOptions(within(dialog).getByLabelText('Rôle'), 'HOSPITAL');
    await ui.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText(USER_MESSAGES.hospitalRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
