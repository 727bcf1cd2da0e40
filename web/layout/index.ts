// Public face of web/layout: the protected layout (side menu by role, drawer on small screens), loaded on
// demand (its own chunk, with the react-aria components it brings), so that the sign-in page downloads
// only the shell (docs/decisions/022).
import { lazy } from 'react';

/** Loads the layout now (the web tests do, so that none waits for its first import). */
export const loadAppLayout = () => import('./app-layout');

export const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
