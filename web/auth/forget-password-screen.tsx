// Forgotten-password request (requirements §2): the e-mail, then on to the confirmation carrying it.
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { EmailBody, MESSAGES } from '../../contract/auth';
import { href } from '../../contract/routes';
import { requestPasswordMachine } from '../../machines/forgot-password.machine';
import { useLiveMachine } from '../lib/live-actors';
import { PublicCard } from '../ui/public-card';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { requestPasswordReset } from './api';
import { EmailInput } from './form-parts';

const requestMachine = requestPasswordMachine.provide({
  actors: {
    request: fromPromise(async ({ input }) => {
      // The success toast says what the server answered.
      const message = (await requestPasswordReset(input)) ?? MESSAGES.resetRequested;
      toast.success(message);
      return message;
    }),
  },
});

export function ForgetPasswordScreen() {
  const [, navigate] = useLocation();
  const [state, send] = useLiveMachine('requestPassword', requestMachine);
  const form = useForm({ email: new URLSearchParams(location.search).get('email') ?? '' });
  const sent = state.hasTag('sent');
  useEffect(() => {
    if (!sent) return;
    navigate(`${href('confirmForgetPassword')}?email=${encodeURIComponent(state.context.email)}`);
  }, [sent, state.context.email, navigate]);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const value = form.validate(EmailBody, form.values);
    if (value) send({ type: 'password.request', email: value.email });
  };
  return (
    <PublicCard
      title="Mot de passe oublié"
      intro="Saisissez votre adresse e-mail : un code de vérification vous sera envoyé."
    >
      <form className={css.form} onSubmit={submit} noValidate>
        <EmailInput autoComplete="email" field={form.field('email')} />
        <button type="submit" className={css.button.primary} disabled={state.hasTag('submitting')}>
          Demande d'oubli de mot de passe
        </button>
        {state.context.error && (
          <p role="alert" className={css.formError}>
            {state.context.error}
          </p>
        )}
        <div className={css.links}>
          <Link href={href('login')}>Retour à la connexion</Link>
        </div>
      </form>
    </PublicCard>
  );
}
