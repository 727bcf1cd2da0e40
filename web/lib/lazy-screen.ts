// A screen loaded on demand (its own chunk) that can also be asked to load ahead of its first render: a
// signed-in visitor's first page fetches its screen beside the session's check instead of after it. Once
// its chunk is there, the screen renders at once, in the same commit as the layout around it: `lazy`
// alone would still suspend once (React's and Preact's both learn of a promise's value a microtask after
// asking), and the screen's first call would start after the layout's menu counts instead of before.
import { type ComponentType, createElement, lazy } from 'react';

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's chunk (once; a failed load may be tried again). */
  preload(): Promise<unknown>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}
