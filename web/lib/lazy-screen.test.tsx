// @vitest-environment happy-dom
// A screen loaded ahead of its first render: asked twice, its chunk is loaded once; a failed load is
// tried again by the next ask, rather than remembered; once loaded, it renders without suspending.
import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Screen = () => null;

describe('lazyScreen', () => {
  it('loads its chunk once, however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Screen));
    const lazy = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([lazy.preload(), lazy.preload()]);
    expect(first).toEqual({ default: Screen });
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValue(Screen);
    const lazy = lazyScreen(load);
    await expect(lazy.preload()).rejects.toThrow('réseau');
    expect(await lazy.preload()).toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen loaded ahead', () => {
  it('renders at once, without showing the fallback, when its chunk is there', async () => {
    const Loaded = () => <h1>Utilisateurs</h1>;
    const Screen = lazyScreen(() => Promise.resolve(Loaded));
    await Screen.preload();
    const view = render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(view.container.textContent).toBe('Utilisateurs');
  });

  it('shows the fallback while its chunk loads, then the screen', async () => {
    const Loaded = () => <h1>Factures</h1>;
    let arrive!: (component: typeof Loaded) => void;
    const Screen = lazyScreen(() => new Promise<typeof Loaded>((resolve) => (arrive = resolve)));
    const view = render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(view.container.textContent).toBe('Chargement…');
    await act(async () => arrive(Loaded));
    expect(view.container.textContent).toBe('Factures');
  });
});
