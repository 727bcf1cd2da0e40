// A screen loaded on demand (its own chunk) that can also be asked to load ahead of its first render: a
// signed-in visitor's first page fetches its screen beside the session's check instead of after it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's chunk (once; a failed load may be tried again). */
  preload(): Promise<unknown>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
