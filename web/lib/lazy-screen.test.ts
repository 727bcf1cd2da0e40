// A screen loaded ahead of its first render: asked twice, its chunk is loaded once; a failed load is
// tried again by the next ask, rather than remembered.
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
