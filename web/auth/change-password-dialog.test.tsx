// @vitest-environment happy-dom
// 'Changer mon mot de passe' as a signed-in user sees it: the entry in the menu, the dialog's three
// fields, the contract's messages before any call, the server's message, and the success toast.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { COUNTS, enabledAgain, fakeApi, renderApp, signedInAs } from '../testing/app';

type Answer = { status?: number; body?: unknown };

async function openDialog(
  answer: () => Answer = () => ({ body: { data: { message: MESSAGES.passwordChanged } } }),
) {
  const change = vi.fn(answer);
  const api = fakeApi({ ...COUNTS, 'PUT /auth/change-password': change });
  renderApp('/statistics', signedInAs('OPERATION'));
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  const user = userEvent.setup();
  await user.click(within(menu).getByRole('button', { name: 'Changer mon mot de passe' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Changer mon mot de passe' }));
  return { ...api, change, user, dialog };
}

const FIELDS = ['Mot de passe actuel', 'Nouveau mot de passe', 'Confirmer le mot de passe'] as const;

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  values: [string, string, string],
) {
  for (const [i, label] of FIELDS.entries())
    if (values[i]) await user.type(dialog.getByLabelText(label), values[i]);
}

describe('Change my password', () => {
  it('opens from the menu with three password fields capped at 128 characters', async () => {
    const { dialog } = await openDialog();
    for (const label of FIELDS) {
      const input = dialog.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('password');
      expect(input.maxLength).toBe(128);
    }
    expect(dialog.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Modifier' })).toBeTruthy();
  });

  it.each<[string, [string, string, string], string, string]>([
    ['an empty form', ['', '', ''], 'Mot de passe actuel', MESSAGES.currentPasswordRequired],
    ['a weak password', ['Demo-2026!', 'faible', 'faible'], 'Nouveau mot de passe', MESSAGES.passwordLength],
    [
      'a different confirmation',
      ['Demo-2026!', 'Nouveau-2026!', 'Nouveau-2027!'],
      'Confirmer le mot de passe',
      MESSAGES.passwordMismatch,
    ],
    [
      'the same password',
      ['Demo-2026!', 'Demo-2026!', 'Demo-2026!'],
      'Nouveau mot de passe',
      MESSAGES.samePassword,
    ],
  ])(
    'refuses %s with the contract message on its field, without calling',
    async (_, values, field, message) => {
      const { dialog, user, change } = await openDialog();
      await fill(user, dialog, values);
      await user.click(dialog.getByRole('button', { name: 'Modifier' }));
      expect(await dialog.findByText(message)).toBeTruthy();
      expect(dialog.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
      expect(change).not.toHaveBeenCalled();
    },
  );

  it("shows the server's message in the dialog and keeps it open", async () => {
    const { dialog, user } = await openDialog(() => ({
      status: 400,
      body: { message: MESSAGES.currentPasswordWrong },
    }));
    await fill(user, dialog, ['Mauvais-2026!', 'Nouveau-2026!', 'Nouveau-2026!']);
    await user.click(dialog.getByRole('button', { name: 'Modifier' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(MESSAGES.currentPasswordWrong);
    await enabledAgain('Modifier', dialog);
    expect(screen.getByRole('dialog', { name: 'Changer mon mot de passe' })).toBeTruthy();
  });

  it('sends the three fields, closes and shows the success toast', async () => {
    const { dialog, user, calls } = await openDialog();
    await fill(user, dialog, ['Demo-2026!', 'Nouveau-2026!', 'Nouveau-2026!']);
    await user.click(dialog.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Changer mon mot de passe' })).toBeNull(),
    );
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/auth/change-password',
      body: { currentPassword: 'Demo-2026!', newPassword: 'Nouveau-2026!', confirmation: 'Nouveau-2026!' },
    });
  });
});
