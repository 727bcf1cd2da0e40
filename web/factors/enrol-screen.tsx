// The enrolment the user's role requires (MFA_REQUIRED_ROLES, decision 070), right after the password: a
// passkey or an authenticator application, then the recovery codes; the session then opens the app.
import { useState } from 'react';
import type { FactorKind } from '../../contract/factors';
import { useSession } from '../lib/session';
import { useAction } from '../lib/use-action';
import { PublicCard } from '../ui/public-card';
import * as theme from '../ui/theme.css';
import { factorsApi } from './api';
import { EnrolSteps } from './enrol-steps';

export function EnrolScreen() {
  const session = useSession();
  const [kind, setKind] = useState<FactorKind | null>(null);
  const finishing = useAction();
  // The session is complete now: the app opens with the user as the API knows it.
  const finish = () =>
    void finishing.run(async () => session.send({ type: 'user.arrived', user: await factorsApi.me() }));
  return (
    <PublicCard
      title="Protégez votre compte"
      intro="Votre rôle demande une seconde étape de connexion. Ajoutez une clé d’accès ou une application d’authentification."
    >
      {kind ? (
        <EnrolSteps kind={kind} onFinished={finish} onCancel={() => setKind(null)} cancelLabel="Retour" />
      ) : (
        <div className={theme.form}>
          <button type="button" className={theme.button.primary} onClick={() => setKind('passkey')}>
            Ajouter une clé d’accès
          </button>
          <button type="button" className={theme.button.secondary} onClick={() => setKind('totp')}>
            Utiliser une application d’authentification
          </button>
        </div>
      )}
      {finishing.error && (
        <p role="alert" className={theme.formError}>
          {finishing.error}
        </p>
      )}
      <button
        type="button"
        className={theme.button.ghost}
        onClick={() => session.send({ type: 'session.logout' })}
      >
        Déconnexion
      </button>
    </PublicCard>
  );
}
