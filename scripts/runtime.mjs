// Which UI runtime a build, the dev server or the browser tests use (docs/decisions/037): `RUNTIME=react`
// or `RUNTIME=preact`; unset, the one the product ships: Preact, since every browser test passes on it and
// /login weighs a third of React's.
export const RUNTIMES = ['react', 'preact'];
export const DEFAULT_RUNTIME = 'preact';

/** The runtime asked for by RUNTIME (or the default); anything else stops the caller with a message. */
export function runtime(env = process.env) {
  const asked = (env.RUNTIME ?? '').trim().toLowerCase() || DEFAULT_RUNTIME;
  if (!RUNTIMES.includes(asked))
    throw new Error(`RUNTIME=${env.RUNTIME}: expected ${RUNTIMES.join(' or ')}.`);
  return asked;
}
