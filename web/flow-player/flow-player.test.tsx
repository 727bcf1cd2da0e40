// @vitest-environment happy-dom
// The player as QA uses it: a path played to a step where the real screen navigates away (the code
// accepted: to the sign-in page) stays in the player, the screen unmounted as the app's router would; a
// recording is replayed against the states the live actor reached, a different one being said; and the
// recorder keeps, beside each event, the state it led to (secrets masked).
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { clearRecording, liveInspector, loadRecording, type RecordedEvent } from '../lib/live-actors';
import { pathsOf } from './engine';
import { FlowPlayer } from './flow-player';
import { PATH_OPTIONS } from './samples';

beforeEach(() => {
  sessionStorage.clear();
  clearRecording();
});
afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

/** Opens the player at `search` and waits until the replay of the step is over. */
async function openPlayer(search: string) {
  history.pushState(null, '', `/__flows?${search}`);
  render(<FlowPlayer />);
  const state = screen.getByTestId('flow-state');
  await vi.waitFor(() => expect(state.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  return state;
}

describe('flow player', () => {
  it('keeps the page on the player when the played screen navigates away', async () => {
    // A tab that has been somewhere before the player: the browser's history has a page to go back to.
    history.pushState(null, '', '/login');
    const back = vi.spyOn(history, 'back');
    const { paths } = pathsOf(forgotPasswordMachine, PATH_OPTIONS.forgotPassword);
    const index = paths.findIndex((p) => p.steps.at(-1)?.state.value === 'done');
    const count = paths[index].steps.length;
    const state = await openPlayer(`flow=forgotPassword&path=${index}&step=${count}`);
    expect(state.textContent).toBe('"done"');
    expect(screen.getByRole('status').textContent).toContain('L’écran mène à /login');
    expect(back).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/__flows');
    expect(screen.getByTestId('flow-step').textContent).toBe(`Étape ${count} / ${count}`);
  });

  const recording = (reached: unknown): RecordedEvent[] => [
    {
      actor: 'requestPassword',
      machine: 'requestPassword',
      at: 0,
      event: { type: 'xstate.init' },
      state: 'idle',
    },
    {
      actor: 'requestPassword',
      machine: 'requestPassword',
      at: 1,
      event: { type: 'password.request', email: 'accounting@demo.test' },
      state: reached,
    },
  ];

  it('replays a recording to the states the live actor reached', async () => {
    sessionStorage.setItem('flow-recording-loaded', JSON.stringify(recording('submitting')));
    const state = await openPlayer('flow=requestPassword&recording=0&step=2');
    expect(state.textContent).toBe('"submitting"');
    expect(screen.getByTestId('flow-step').textContent).toBe('Étape 2 / 2');
    expect(screen.queryByText(/^Attendu :/)).toBeNull();
  });

  it('says when the replay does not reach the state the live actor reached', async () => {
    sessionStorage.setItem('flow-recording-loaded', JSON.stringify(recording('sent')));
    const state = await openPlayer('flow=requestPassword&recording=0&step=2');
    expect(state.textContent).toBe('"submitting"');
    expect(screen.getByText(/^Attendu :/).textContent).toBe('Attendu : "sent"');
  });
});

describe('recorder', () => {
  it('keeps each event a live machine receives with the state it led to, secrets masked', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: { closed: { on: { open: 'opened' } }, opened: { on: { close: 'closed' } } },
    });
    const actor = createActor(machine, { systemId: 'door:front', inspect: liveInspector() }).start();
    actor.send({ type: 'open', password: 'Secret-2026!' } as never);
    actor.send({ type: 'close' });
    actor.send({ type: 'close' });
    expect(
      loadRecording().map(({ actor, machine, event, state }) => ({ actor, machine, event, state })),
    ).toEqual([
      { actor: 'door:front', machine: 'door', event: { type: 'xstate.init' }, state: 'closed' },
      {
        actor: 'door:front',
        machine: 'door',
        event: { type: 'open', password: '(masqué)' },
        state: 'opened',
      },
      { actor: 'door:front', machine: 'door', event: { type: 'close' }, state: 'closed' },
      { actor: 'door:front', machine: 'door', event: { type: 'close' }, state: 'closed' },
    ]);
  });
});
