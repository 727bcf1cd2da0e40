// @vitest-environment happy-dom
// The user form's length limits: the inputs stop at the contract's maximums, and a longer value already
// stored (an account from before the limits) is refused in the contract's words before any call.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_RECORDS } from '../../contract/conflicts';
import type { UserRow } from '../../contract/users';
import { changes } from '../live';
import { fakeApi } from '../testing/app';
import { UserFormDialog } from './user-form-dialog';

const legacy: UserRow = {
  id: '00000000-0000-0000-0000-000000000001',
  firstName: 'x'.repeat(150),
  lastName: 'Martin',
  email: 'anne@chu.fr',
  phone: '0'.repeat(40),
  hospitals: [],
  role: 'OPERATION',
  forceChangePassword: false,
  version: 1,
};

describe('User form limits', () => {
  it('caps the inputs at 100, 100, 254 and 30 characters', () => {
    render(<UserFormDialog user={null} onClose={() => {}} onSaved={() => {}} />);
    const max = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect([max('Prénom'), max('Nom'), max('E-mail'), max('Téléphone')]).toEqual([100, 100, 254, 30]);
  });

  it('refuses a stored value over the limit with the French message, without calling', async () => {
    const { calls } = fakeApi();
    render(<UserFormDialog user={legacy} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText('100 caractères maximum')).toBeTruthy();
    expect(screen.getByText('30 caractères maximum')).toBeTruthy();
    expect(screen.getByLabelText('Prénom').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });
});

describe('User edit conflicts (decision 064)', () => {
  it('sends the version it was opened on and shows a 409 in the dialog, the input kept', async () => {
    const conflict =
      'Cet utilisateur a été modifié entre-temps (par Claire Dubois à 11:00) : rechargez-le avant d’enregistrer.';
    const { calls } = fakeApi({ 'PUT /user/edit': () => ({ status: 409, body: { message: conflict } }) });
    const onSaved = vi.fn();
    render(
      <UserFormDialog
        user={{ ...legacy, firstName: 'Anne', phone: '0601020304', version: 4 }}
        onClose={() => {}}
        onSaved={onSaved}
      />,
    );
    const user = userEvent.setup();
    const lastName = screen.getByLabelText('Nom');
    await user.clear(lastName);
    await user.type(lastName, 'Durand');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe(conflict);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ lastName: 'Durand', version: 4 });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Durand');
  });

  it('says at once that the user changed elsewhere, not for another user or another kind of record', () => {
    render(<UserFormDialog user={legacy} onClose={() => {}} onSaved={() => {}} />);
    act(() => {
      changes.emit({ entity: 'user', id: '00000000-0000-0000-0000-000000000002', action: 'update' });
      changes.emit({ entity: 'mission', id: legacy.id, action: 'update' });
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => changes.emit({ entity: 'user', id: legacy.id, action: 'update' }));
    expect(screen.getByRole('alert').textContent).toBe(CONFLICT_RECORDS.user.elsewhere);
  });
});
