// Confirmation of the forgotten password (requirements §2): the 6-digit code, the resend button with its
// 60-second countdown, the new password twice. Without an e-mail carried over, it goes back one page.
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { confirmationProblem, MESSAGES, ResetPasswordBody } from '../../contract/auth';
import { href } from '../../contract/routes';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { useLiveMachine } from '../lib/live-actors';
import { TextInput } from '../ui/field';
import { PublicCard } from '../ui/public-card';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { resendResetCode, resetPassword } from './api';
import { NewPasswordFields } from './new-password-fields';

const confirmMachine = forgotPasswordMachine.provide({
  actors: {
    resend: fromPromise(async ({ input }) => {
      await resendResetCode(input);
    }),
    reset: fromPromise(async ({ input }) => {
      toast.success((await resetPassword(input)) ?? MESSAGES.passwordChanged);
    }),
  },
  actions: {
    notifyResent: () => toast.success(MESSAGES.resendSuccess),
    notifyError: (_, params) => toast.error(params.message),
  },
});

export function ConfirmForgetPasswordScreen() {
  const search = useSearch();
  const email = useMemo(() => new URLSearchParams(search).get('email') ?? '', [search]);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (email) return;
    if (history.length > 1) history.back();
    else navigate(href('forgetPassword'), { replace: true });
  }, [email, navigate]);
  return email ? <ConfirmForm email={email} /> : null;
}

function ConfirmForm({ email }: { email: string }) {
  const [, navigate] = useLocation();
  const [state, send] = useLiveMachine('forgotPassword', confirmMachine, { input: { email } });
  const form = useForm({ otp: '', password: '', confirmation: '' });
  const done = state.hasTag('done');
  useEffect(() => {
    if (!done) return;
    navigate(href('login'));
  }, [done, navigate]);

  const busy = state.hasTag('submitting') || state.hasTag('resending');
  const counting = state.hasTag('counting');
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const { otp, password, confirmation } = form.values;
    const value = form.validate(
      ResetPasswordBody,
      { email, otp, password },
      { confirmation: confirmationProblem(password, confirmation) ?? '' },
    );
    if (value) send({ type: 'password.reset', otp: value.otp, password: value.password });
  };
  return (
    <PublicCard
      title="Réinitialisation du mot de passe"
      intro={`Saisissez le code à 6 chiffres envoyé à ${email}.`}
    >
      <form className={css.form} onSubmit={submit} noValidate>
        <TextInput
          label="Code de vérification"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.values.otp}
          onChange={(v) => form.set('otp')(v.replace(/\D/g, '').slice(0, 6))}
          error={form.errors.otp}
          autoFocus
        />
        <button
          type="button"
          className={css.button.secondary}
          disabled={counting || busy}
          onClick={() => send({ type: 'otp.resend' })}
        >
          {counting ? `Renvoyer le code (${state.context.secondsLeft} s)` : 'Renvoyer le code'}
        </button>
        <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmation')} />
        <button type="submit" className={css.button.primary} disabled={busy}>
          Réinitialiser le mot de passe
        </button>
        <div className={css.links}>
          <Link href={`${href('forgetPassword')}?email=${encodeURIComponent(email)}`}>
            Modifier l'adresse électronique
          </Link>
        </div>
      </form>
    </PublicCard>
  );
}
