// The application: the session, the routes and the toasts. The react-aria components, in French, come with
// the signed-in layout and the toast region (web/layout, web/ui/toast.tsx), not with the sign-in page.
import type { SessionActor } from '../machines/session.machine';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes';
import { Toasts } from './ui/toast';

export function App({ session }: { session: SessionActor }) {
  return (
    <SessionProvider actor={session}>
      <AppRoutes />
      <Toasts />
    </SessionProvider>
  );
}
