// @vitest-environment happy-dom
// The user form's length limits: the inputs stop at the contract's maximums, and a longer value already
// stored (an account from before the limits) is refused in the contract's words before any call.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../contract/users';
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
