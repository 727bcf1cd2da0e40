// Which UI runtime a build, the dev server or the browser tests use (docs/decisions/037): `RUNTIME=react`
// or `RUNTIME=preact`; unset, the one the product ships: React, whose data screens score higher on
// Lighthouse mobile in both runs of decision 037 (Preact passes every browser test and makes /login a third
// of React's weight, but paints the data screens later).
export const RUNTIMES = ['react', 'preact'];
export const DEFAULT_RUNTIME = 'react';

/** The runtime asked for by RUNTIME (or the default); anything else stops the caller with a message. */
export function runtime(env = process.env) {
  const asked = (env.RUNTIME ?? '').trim().toLowerCase() || DEFAULT_RUNTIME;
  if (!RUNTIMES.includes(asked))
    throw new Error(`RUNTIME=${env.RUNTIME}: expected ${RUNTIMES.join(' or ')}.`);
  return asked;
}
