// The application: the session, the routes and the toasts, in French.
import { I18nProvider } from 'react-aria-components';
import type { SessionActor } from '../machines/session.machine';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes';
import { Toasts } from './ui/toast';

export function App({ session }: { session: SessionActor }) {
  return (
    <I18nProvider locale="fr-FR">
      <SessionProvider actor={session}>
        <AppRoutes />
        <Toasts />
      </SessionProvider>
    </I18nProvider>
  );
}
