// Every mail the back-office sends, in French, in one place: the welcome of a new account and the
// forgotten-password code. Features build their mail here and queue it with the mailer (./mail.ts).
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
