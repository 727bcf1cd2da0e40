// What leaves a live actor for the recorder and the Stately inspector (withoutSecrets): plain data,
// secrets masked, and a value that holds itself written rather than thrown on.
import { describe, expect, it } from 'vitest';
import { CIRCULAR, withoutSecrets } from './live-actors';

describe('withoutSecrets', () => {
  it('masks passwords and one-time codes, whatever the nesting', () => {
    expect(
      withoutSecrets({
        type: 'SUBMIT',
        values: { email: 'anne.martin@example.fr', password: 'Secret-2026!', newPassword: 'Autre-2026!' },
        otp: '123456',
      }),
    ).toEqual({
      type: 'SUBMIT',
      values: { email: 'anne.martin@example.fr', password: '(masqué)', newPassword: '(masqué)' },
      otp: '(masqué)',
    });
  });

  it('writes an error as its status and message, a file as its name, size and type', () => {
    const error = Object.assign(new Error('Identifiants invalides'), { status: 401 });
    const file = new File(['%PDF-1.7'], 'facture.pdf', { type: 'application/pdf' });
    expect(withoutSecrets({ type: 'error', error, file })).toEqual({
      type: 'error',
      error: { status: 401, message: 'Identifiants invalides' },
      file: { name: 'facture.pdf', size: 8, type: 'application/pdf' },
    });
  });

  it('writes an object found inside itself as circular instead of throwing', () => {
    const parent: Record<string, unknown> = { id: 'missions' };
    const child = { id: 'pagedList:/users', parent, list: [] as unknown[] };
    parent.child = child;
    child.list.push(child);
    expect(withoutSecrets({ type: 'xstate.snapshot', actor: parent })).toEqual({
      type: 'xstate.snapshot',
      actor: { id: 'missions', child: { id: 'pagedList:/users', parent: CIRCULAR, list: [CIRCULAR] } },
    });
  });

  it('writes an object met twice, but not inside itself, twice', () => {
    const hospital = { id: 'chu-bordeaux', name: 'CHU de Bordeaux' };
    expect(withoutSecrets({ from: hospital, to: hospital, legs: [hospital, { at: hospital }] })).toEqual({
      from: hospital,
      to: hospital,
      legs: [hospital, { at: hospital }],
    });
  });
});
