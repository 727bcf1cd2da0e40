// The mails as their reader gets them: French subject and text, with the values they carry.
import { describe, expect, it } from 'vitest';
import { resetCodeMail, welcomeMail } from './mail-texts';

const anne = { email: 'anne.martin@chu-bordeaux.fr', firstName: 'Anne' };

describe('mail texts', () => {
  it('welcomes a new account with its sign-in address, login and temporary password', () => {
    expect(welcomeMail(anne, 'Xy7#kL2mPq9$Rt', 'https://bo.example.fr')).toEqual({
      to: 'anne.martin@chu-bordeaux.fr',
      subject: 'Bienvenue sur le back-office des transports d’organes',
      text: [
        'Bonjour Anne,',
        '',
        'Un compte vient de vous être créé sur le back-office des transports d’organes.',
        'Adresse de connexion : https://bo.example.fr/login',
        'Identifiant : anne.martin@chu-bordeaux.fr',
        'Mot de passe temporaire : Xy7#kL2mPq9$Rt',
        '',
        'À votre première connexion, vous devrez choisir un nouveau mot de passe.',
      ].join('\n'),
    });
  });

  it('sends the forgotten-password code, valid 10 minutes', () => {
    expect(resetCodeMail(anne, '042917')).toEqual({
      to: 'anne.martin@chu-bordeaux.fr',
      subject: 'Votre code de réinitialisation du mot de passe',
      text: [
        'Bonjour Anne,',
        '',
        'Votre code de réinitialisation : 042917',
        '',
        'Ce code est valable 10 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
      ].join('\n'),
    });
  });
});
