// The second step of sign-in (issue 52, ASVS 4.0 V2.7–V2.9): passkeys (WebAuthn), authenticator codes
// (TOTP, RFC 6238) and single-use recovery codes. A passkey also signs in alone (it verifies the user). A user enrols from 'Mon compte'; a user of a role the operator lists in
// MFA_REQUIRED_ROLES is led through enrolment right after the password. Once a user has a factor, a
// password alone opens a session that can only be completed by a code (`Me.secondFactor`).
import {
  array,
  coerce,
  define,
  enums,
  literal,
  object,
  optional,
  record,
  size,
  string,
  type,
  unknown,
} from 'superstruct';
import { OTP_LENGTH } from './auth';

export type { SecondFactorStep } from './auth';

import { requiredText } from './validation';

export const FACTOR_PATHS = {
  /** GET: the user's factors, recovery codes left and whether the role requires a factor. */
  factors: '/account/factors',
  /** POST { name }: a new authenticator, not yet confirmed (its secret and QR code). */
  startTotp: '/account/factors/totp',
  /** POST { code }: confirms an authenticator with its first code. */
  confirmTotp: (id: string) => `/account/factors/${encodeURIComponent(id)}/confirm`,
  /** DELETE: removes a factor of one's own. */
  removeFactor: (id: string) => `/account/factors/${encodeURIComponent(id)}`,
  /** POST: ten new recovery codes, the old ones no longer work. */
  recoveryCodes: '/account/recovery-codes',
  /** POST: the options of a new passkey (`PasskeyOptions`, the challenge kept by the server). */
  passkeyOptions: '/account/factors/passkey/options',
  /** POST { challengeId, name, response }: adds the passkey the browser created (`FactorAdded`). */
  addPasskey: '/account/factors/passkey',
  /** POST { code }: the second step of a sign-in (an authenticator code or a recovery code). */
  verify: '/auth/second-factor',
  /** POST: the options of a sign-in with a passkey, alone or as the second step (`PasskeyOptions`). */
  passkeySignInOptions: '/auth/passkey/options',
  /** POST { challengeId, response }: signs in with a passkey (`Me`); completes a session waiting for it. */
  passkeySignIn: '/auth/passkey',
  /** DELETE (ADMIN): removes every factor and recovery code of another user. */
  resetUser: (userId: string) => `/users/${encodeURIComponent(userId)}/factors`,
} as const;

export type FactorKind = 'totp' | 'passkey';

/** Recovery codes given at a time, each of `RECOVERY_CODE_LENGTH` characters shown as two groups of 5. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** The characters of a recovery code: no 0/O, 1/I/L, so that one written down reads back unambiguously. */
export const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const FACTOR_NAME_MAX = 60;
/** An authenticator started but not confirmed is forgotten after this long. */
export const ENROLMENT_TTL_MINUTES = 15;

export const FACTOR_MESSAGES = {
  codeInvalid: 'Le code doit comporter 6 chiffres',
  secondFactorCodeInvalid:
    'Saisissez le code à 6 chiffres de votre application ou un code de secours de 10 caractères',
  codeWrong: 'Code incorrect ou déjà utilisé',
  nameEmpty: 'Le nom ne peut pas être vide',
  noStepPending: "Aucune vérification n'est en attente pour cette session",
  stepRequired: 'Vérification en deux étapes requise',
  factorNotFound: 'Méthode introuvable',
  enrolmentNotFound: "Cette activation n'existe plus, recommencez",
  lastFactorRequired:
    'Votre rôle exige une seconde étape de connexion : ajoutez une autre méthode avant de retirer celle-ci',
  noRecoveryWithoutFactor: "Ajoutez d'abord une application d'authentification",
  factorAdded: "Application d'authentification ajoutée",
  factorRemoved: 'Méthode retirée',
  recoveryRegenerated: 'Nouveaux codes de secours créés',
  userReset: 'Seconde étape de connexion réinitialisée',
  userNotFound: 'Utilisateur introuvable',
  resetSelf: 'Retirez vos propres méthodes depuis « Mon compte »',
  passkeyAdded: 'Clé d’accès ajoutée',
  passkeyRefused: 'Clé d’accès non reconnue',
  passkeyCloned: 'Clé d’accès refusée : elle semble avoir été copiée. Prévenez un administrateur.',
  challengeExpired: 'La demande a expiré, recommencez',
  passkeyCancelled: 'Opération annulée ou clé d’accès indisponible',
} as const;

/** A recovery code as typed: upper-cased, spaces and hyphens removed. */
export const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

const TOTP_RE = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const RECOVERY_RE = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** True for a recovery code's shape (after `normalRecoveryCode`). */
export const isRecoveryCode = (code: string) => RECOVERY_RE.test(code);

/** An authenticator's 6 digits (spaces typed between groups are dropped). */
export const totpCode = coerce(
  define<string>(
    'totpCode',
    (v) => (typeof v === 'string' && TOTP_RE.test(v)) || FACTOR_MESSAGES.codeInvalid,
  ),
  string(),
  (s) => s.replace(/\s/g, ''),
);

/** The second step's code: 6 digits, or a recovery code (normalised). */
export const secondFactorCode = coerce(
  define<string>(
    'secondFactorCode',
    (v) =>
      (typeof v === 'string' && (TOTP_RE.test(v) || RECOVERY_RE.test(v))) ||
      FACTOR_MESSAGES.secondFactorCodeInvalid,
  ),
  string(),
  (s) => (/^[\d\s]+$/.test(s) ? s.replace(/\s/g, '') : normalRecoveryCode(s)),
);

const factorName = requiredText(FACTOR_MESSAGES.nameEmpty, FACTOR_NAME_MAX);
export const StartTotpBody = object({ name: factorName });
export const TotpCodeBody = object({ code: totpCode });
export const SecondFactorBody = object({ code: secondFactorCode });

/** A passkey's binary fields travel as base64url (WebAuthn's JSON forms); bounded. */
const base64url = (max: number) =>
  define<string>(
    'base64url',
    (v) =>
      (typeof v === 'string' && v.length <= max && /^[A-Za-z0-9_-]*$/.test(v)) ||
      FACTOR_MESSAGES.passkeyRefused,
  );
const credentialId = size(base64url(1366), 1, 1366);
const challengeId = define<string>(
  'challengeId',
  (v) =>
    (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) ||
    FACTOR_MESSAGES.challengeExpired,
);
/** What every credential the browser answers carries (`PublicKeyCredential.toJSON()`); other keys ignored. */
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: literal('public-key'),
  clientExtensionResults: optional(record(string(), unknown())),
  authenticatorAttachment: optional(enums(['platform', 'cross-platform'])),
};
/** A new passkey, as the browser created it (`RegistrationResponseJSON`). */
export const AddPasskeyBody = object({
  challengeId,
  name: factorName,
  response: type({
    ...credentialFields,
    response: type({
      clientDataJSON: base64url(8192),
      attestationObject: base64url(65536),
      transports: optional(array(enums(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))),
    }),
  }),
});
/** A passkey's signature (`AuthenticationResponseJSON`). */
export const PasskeySignInBody = object({
  challengeId,
  response: type({
    ...credentialFields,
    response: type({
      clientDataJSON: base64url(8192),
      authenticatorData: base64url(8192),
      signature: base64url(2048),
      userHandle: optional(base64url(128)),
    }),
  }),
});

/** The options of a passkey ceremony for `navigator.credentials` (WebAuthn's JSON forms), and its challenge. */
export interface PasskeyOptions {
  challengeId: string;
  options: Record<string, unknown>;
}

/** One factor of the signed-in user, as 'Mon compte' lists it. */
export interface FactorRow {
  id: string;
  kind: FactorKind;
  name: string;
  /** ISO instants. */
  createdAt: string;
  lastUsedAt: string | null;
}

export interface FactorsView {
  factors: FactorRow[];
  /** Recovery codes not yet used (0 without a factor). */
  recoveryCodesLeft: number;
  /** The user's role must have a factor (MFA_REQUIRED_ROLES). */
  required: boolean;
}

/** An authenticator started: what the user scans or types in their application. */
export interface TotpEnrolment {
  id: string;
  /** The Base32 secret, for typing by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document (drawn by the server). */
  qrSvg: string;
}

/** A factor added (an authenticator confirmed, a passkey). `recoveryCodes`: shown once, at the first factor only. */
export interface FactorAdded {
  factor: FactorRow;
  recoveryCodes: string[] | null;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** A recovery code shown as two groups of five ('ABCDE-FGHJK'). */
export const shownRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
