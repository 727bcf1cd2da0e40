// The application: the session, the routes and the toasts. The react-aria components, in French, come with
// the signed-in layout and the toast region (web/layout, web/ui/toast.tsx), not with the sign-in page.
import { loadAuthScreens } from './auth';
import { loadAppLayout } from './layout';
import { SessionProvider, type SessionSource } from './lib/session';
import { AppRoutes } from './routes';
import { loadToastRegion, Toasts } from './ui/toast';

/** Loads now what the app loads on demand around the screens (the web tests do, so none waits for it). */
export const loadOnDemandParts = () => Promise.all([loadAuthScreens(), loadAppLayout(), loadToastRegion()]);

export function App({ session }: { session: SessionSource }) {
  return (
    <SessionProvider actor={session}>
      <AppRoutes />
      <Toasts />
    </SessionProvider>
  );
}
