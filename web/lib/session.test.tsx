// @vitest-environment happy-dom
// The app's own session (createSession), whose machine is loaded on demand: an anonymous visitor gets the
// sign-in form at once and can submit it before the machine is there; a browser that may hold a session
// waits on the splash for the machine's decision, with one call to GET /user/me.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { COUNTS, currentPath, expiryIn, fakeApi, setHintCookie, userOf } from '../testing/app';
import { createSession } from './session';
import { RENEWAL_LOCK } from './session-actor';
import { clearHint } from './session-hint';

const openApp = (path: string) => {
  window.history.replaceState(null, '', path);
  const session = createSession();
  session.start();
  return render(<App session={session} />);
};

afterEach(clearHint);

describe('the session of the app, without the hint cookie', () => {
  it('shows the sign-in form at once, without a call', () => {
    const { calls } = fakeApi();
    openApp('/login');
    // No splash first: the form is there on the first render.
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connexion' }).hasAttribute('disabled')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('sends a sign-in submitted before the machine is loaded, once, and opens the app', async () => {
    const { calls } = fakeApi({
      ...COUNTS,
      'POST /auth/login': () => ({ body: { data: userOf('OPERATION') } }),
    });
    openApp('/login');
    // Values set without a key or a click (so nothing has loaded the machine yet), then submitted.
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Claire.Martin@Example.fr' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(screen.getByRole('button', { name: 'Connexion' }).hasAttribute('disabled')).toBe(true);
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/requested-missions');
    expect(calls.filter((c) => c.path === '/auth/login')).toEqual([
      {
        method: 'POST',
        path: '/auth/login',
        body: { email: 'claire.martin@example.fr', password: 'Secret-123' },
      },
    ]);
    expect(calls.some((c) => c.path === '/user/me')).toBe(false);
  });

  it('checks the form without the machine, and shows the server message of a refused sign-in', async () => {
    fakeApi({
      'POST /auth/login': () => ({ status: 401, body: { message: 'E-mail ou mot de passe incorrect' } }),
    });
    openApp('/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByText("L'e-mail ne peut pas être vide")).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'claire.martin@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mauvais-1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou mot de passe incorrect');
    expect(currentPath()).toBe('/login');
  });
});

describe('the session of the app, with the hint cookie', () => {
  it('shows the splash, then the app of the signed-in user, with one call to GET /user/me', async () => {
    setHintCookie('1');
    const { calls } = fakeApi({ ...COUNTS, 'GET /user/me': () => ({ body: { data: userOf('ADMIN') } }) });
    openApp('/');
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/requested-missions');
    expect(calls.filter((c) => c.path === '/user/me')).toHaveLength(1);
  });

  it('renews an access token the hint says has expired before asking who is signed in: no 401', async () => {
    setHintCookie(expiryIn(-60));
    const { calls, fetch } = fakeApi({
      ...COUNTS,
      'POST /auth/refresh': () => {
        setHintCookie(expiryIn(900)); // what the refresh's answer sets
        return { body: { data: userOf('ADMIN') } };
      },
      'GET /user/me': () => ({ body: { data: userOf('ADMIN') } }),
    });
    openApp('/');
    expect(
      await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(calls.slice(0, 2).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /auth/refresh',
      'GET /user/me',
    ]);
    const statuses = await Promise.all(fetch.mock.results.map(async (r) => (await r.value).status));
    expect(statuses).not.toContain(401);
  });

  describe('with the Web Locks of a browser whose other tabs may renew too', () => {
    /** navigator.locks whose lock is held by another tab until `release()`; the names asked for, in order. */
    function otherTabHoldingTheLock() {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const asked: string[] = [];
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: {
          request: async (name: string, callback: () => Promise<unknown>) => {
            asked.push(name);
            await held;
            return callback();
          },
        },
      });
      return { asked, release: () => release() };
    }
    afterEach(() => Reflect.deleteProperty(navigator, 'locks'));

    /** The app opened with a lapsed access token while another tab holds the lock: it waits for it. */
    async function openLapsedWaitingForTheLock() {
      setHintCookie(expiryIn(-60));
      const lock = otherTabHoldingTheLock();
      const { calls } = fakeApi({
        ...COUNTS,
        'POST /auth/refresh': () => {
          setHintCookie(expiryIn(900));
          return { body: { data: userOf('ADMIN') } };
        },
        'GET /user/me': () => ({ body: { data: userOf('ADMIN') } }),
      });
      openApp('/');
      await vi.waitFor(() => expect(lock.asked).toEqual([RENEWAL_LOCK]));
      return { lock, calls };
    }

    it('takes the renewal another tab made while it waited for the lock: no second renewal', async () => {
      const { lock, calls } = await openLapsedWaitingForTheLock();
      setHintCookie(expiryIn(900)); // the other tab's renewal
      lock.release();
      expect(
        await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(calls.map((c) => `${c.method} ${c.path}`)).not.toContain('POST /auth/refresh');
      expect(calls.filter((c) => c.path === '/user/me').length).toBeGreaterThan(0);
    });

    it('renews under the lock when no other tab did', async () => {
      const { lock, calls } = await openLapsedWaitingForTheLock();
      expect(calls.map((c) => `${c.method} ${c.path}`)).not.toContain('POST /auth/refresh');
      lock.release();
      expect(
        await screen.findByRole('heading', { name: 'LISTE DES MISSIONS' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    });
  });

  it('shows the sign-in form when the session has ended (refresh refused)', async () => {
    setHintCookie('1');
    fakeApi({
      'GET /user/me': () => ({ status: 401, body: { message: 'Veuillez vous connecter' } }),
      'POST /auth/refresh': () => ({ status: 401, body: { message: 'Session expirée' } }),
    });
    openApp('/');
    expect(await screen.findByLabelText('E-mail', undefined, { timeout: 5000 })).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });
});
