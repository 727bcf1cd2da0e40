// Every mail the back-office sends, in French, in one place: the welcome of a new account, the
// forgotten-password code and the changes of the second sign-in step. Features build their mail here and
// queue it with the mailer (./mail.ts).
import type { Mail } from './mail';

interface Recipient {
  email: string;
  firstName: string;
}

/** A new account: where to sign in and its temporary password, to be changed at the first sign-in. */
export const welcomeMail = (user: Recipient, password: string, publicOrigin: string): Mail => ({
  to: user.email,
  subject: 'Bienvenue sur le back-office des transports d’organes',
  text: [
    `Bonjour ${user.firstName},`,
    '',
    'Un compte vient de vous être créé sur le back-office des transports d’organes.',
    `Adresse de connexion : ${publicOrigin}/login`,
    `Identifiant : ${user.email}`,
    `Mot de passe temporaire : ${password}`,
    '',
    'À votre première connexion, vous devrez choisir un nouveau mot de passe.',
  ].join('\n'),
});

/** A forgotten password: the six-digit code, valid ten minutes (api/auth/reset-codes.ts). */
export const resetCodeMail = (user: Recipient, code: string): Mail => ({
  to: user.email,
  subject: 'Votre code de réinitialisation du mot de passe',
  text: [
    `Bonjour ${user.firstName},`,
    '',
    `Votre code de réinitialisation : ${code}`,
    '',
    'Ce code est valable 10 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  ].join('\n'),
});

/** What changed in the second step of a user's sign-in (decision 070): each change is told to its user. */
export type FactorChange =
  | { kind: 'added'; name: string; factor: 'totp' | 'passkey' }
  | { kind: 'removed'; name: string; factor: 'totp' | 'passkey' }
  | { kind: 'recovery-used'; left: number }
  | { kind: 'recovery-regenerated' }
  | { kind: 'reset' };

const factorLabel = (factor: 'totp' | 'passkey') =>
  factor === 'passkey' ? 'La clé d’accès' : 'L’application d’authentification';

function factorChangeText(change: FactorChange): { subject: string; line: string } {
  switch (change.kind) {
    case 'added':
      return {
        subject: 'Une méthode de connexion a été ajoutée à votre compte',
        line: `${factorLabel(change.factor)} « ${change.name} » a été ajoutée à votre compte.`,
      };
    case 'removed':
      return {
        subject: 'Une méthode de connexion a été retirée de votre compte',
        line: `${factorLabel(change.factor)} « ${change.name} » a été retirée de votre compte.`,
      };
    case 'recovery-used':
      return {
        subject: 'Un code de secours a été utilisé',
        line: `Un code de secours vient d’être utilisé pour vous connecter. Il vous en reste ${change.left}.`,
      };
    case 'recovery-regenerated':
      return {
        subject: 'Vos codes de secours ont été renouvelés',
        line: 'De nouveaux codes de secours ont été créés ; les précédents ne fonctionnent plus.',
      };
    case 'reset':
      return {
        subject: 'La seconde étape de connexion de votre compte a été réinitialisée',
        line: 'Un administrateur a retiré vos méthodes de connexion et vos codes de secours. Vos sessions ont été fermées.',
      };
  }
}

/** A change of the user's factors or recovery codes, with what to do if it was not them. */
export const factorChangeMail = (user: Recipient, change: FactorChange): Mail => ({
  to: user.email,
  subject: factorChangeText(change).subject,
  text: [
    `Bonjour ${user.firstName},`,
    '',
    factorChangeText(change).line,
    '',
    'Si vous n’êtes pas à l’origine de ce changement, changez votre mot de passe et prévenez un administrateur.',
  ].join('\n'),
});
