// Types of scripts/runtime.mjs.
export type Runtime = 'react' | 'preact';
export declare const RUNTIMES: readonly Runtime[];
export declare const DEFAULT_RUNTIME: Runtime;
export declare function runtime(env?: Record<string, string | undefined>): Runtime;
