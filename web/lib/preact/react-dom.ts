// `react-dom` on the Preact build (vite.config.ts aliases it here): preact/compat's, with the shims of
// ./shims.ts in place of the functions they complete and installed in Preact's option hooks
// (docs/decisions/037). What the dependencies import from react-dom: createPortal, flushSync, the default.
import { options } from 'preact';
import compat, { flushSync, unstable_batchedUpdates, version } from 'preact/compat';
import { createPortal, installOptionShims } from './shims';

installOptionShims(options as Parameters<typeof installOptionShims>[0]);

export { createPortal, flushSync, unstable_batchedUpdates, version };
export default { ...compat, createPortal };
