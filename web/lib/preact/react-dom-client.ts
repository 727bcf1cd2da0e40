// `react-dom/client` on the Preact build (vite.config.ts aliases it here): preact/compat's, with the shims
// of ./shims.ts installed before the first render (docs/decisions/037).
import './react-dom';

export { createRoot, hydrateRoot } from 'preact/compat/client';
