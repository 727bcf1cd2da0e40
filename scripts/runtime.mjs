// Which UI runtime a build, the dev server or the browser tests use (docs/decisions/037): `RUNTIME=react`
// or `RUNTIME=preact`; unset, the one the product ships: Preact, which passes every browser test, makes
// /login a third of React's weight and scores as React does on Lighthouse (decision 037's last figures).
export const RUNTIMES = ['react', 'preact'];
export const DEFAULT_RUNTIME = 'preact';

/** The runtime asked for by RUNTIME (or the default); anything else stops the caller with a message. */
export function runtime(env = process.env) {
  const asked = (env.RUNTIME ?? '').trim().toLowerCase() || DEFAULT_RUNTIME;
  if (!RUNTIMES.includes(asked))
    throw new Error(`RUNTIME=${env.RUNTIME}: expected ${RUNTIMES.join(' or ')}.`);
  return asked;
}
