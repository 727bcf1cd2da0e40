// Session and password vocabulary (spec §2 public screens, §5 rules, §7 'Session and users').
import { coerce, define, object, string } from 'superstruct';
import type { Role } from './roles';
import { requiredText } from './validation';

export const AUTH_PATHS = {
  login: '/auth/login',
  forceChangePassword: '/auth/force-change-password',
  requestForgetPassword: '/auth/request-forget-password',
  resetPassword: '/auth/reset-password',
  resendResetPasswordOtp: '/auth/resend-reset-password-otp',
  logout: '/auth/logout',
  refresh: '/auth/refresh',
  me: '/user/me',
} as const;

export const MESSAGES = {
  emailEmpty: "L'e-mail ne peut pas être vide",
  emailInvalid: 'Un courriel valide est requis',
  passwordEmpty: 'Le mot de passe ne peut être vide',
  passwordLength: 'Le mot de passe doit comporter au moins 8 caractères',
  passwordLower: 'Le mot de passe doit contenir une lettre minuscule',
  passwordUpper: 'Le mot de passe doit contenir une lettre majuscule',
  passwordDigit: 'Le mot de passe doit contenir un chiffre',
  passwordSpecial: 'Le mot de passe doit contenir un caractère spécial',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  loginPasswordRequired: 'le mot de passe est requis',
  otpInvalid: 'Le code doit comporter 6 chiffres',
  generic: "Une erreur s'est produite",
  resendSuccess: 'Mot de passe renvoyé avec succès',
  // Server messages of our own (the spec leaves their wording to us).
  badCredentials: 'E-mail ou mot de passe incorrect',
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer plus tard',
  unauthenticated: 'Veuillez vous connecter',
  sessionExpired: 'Session expirée, veuillez vous reconnecter',
  forbidden: "Vous n'avez pas accès à cette ressource",
  badOrigin: 'Origine de la requête refusée',
  otpWrong: 'Code incorrect ou expiré',
  otpResendTooSoon: 'Veuillez patienter avant de demander un nouveau code',
  resetRequested: 'Si cette adresse est connue, un code vous a été envoyé',
  passwordChanged: 'Mot de passe modifié avec succès',
  samePassword: "Le nouveau mot de passe doit être différent de l'ancien",
  notFound: 'Ressource introuvable',
  invalidBody: 'Données invalides',
  tooLarge: 'La requête est trop volumineuse.',
  malformedRequest: 'La requête est mal formée.',
} as const;

export const PASSWORD_MIN = 8;
export const EMAIL_MIN = 5;
export const OTP_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 60;
/** The special characters the policy accepts (spec §5). */
export const PASSWORD_SPECIALS = '!:><@#$%^&*?().-_,=+';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail: not empty, lower-cased, valid, at least 5 characters. */
export const email = coerce(
  define<string>('email', (v) => {
    if (typeof v !== 'string' || v.length < 1) return MESSAGES.emailEmpty;
    if (v.length < EMAIL_MIN || !EMAIL_RE.test(v)) return MESSAGES.emailInvalid;
    return true;
  }),
  string(),
  (s) => s.trim().toLowerCase(),
);

/** First policy rule that `password` breaks, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return MESSAGES.passwordEmpty;
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordLength;
  if (!/[a-z]/.test(password)) return MESSAGES.passwordLower;
  if (!/[A-Z]/.test(password)) return MESSAGES.passwordUpper;
  if (!/[0-9]/.test(password)) return MESSAGES.passwordDigit;
  if (![...password].some((ch) => PASSWORD_SPECIALS.includes(ch))) return MESSAGES.passwordSpecial;
  return null;
}

/** A new password under the spec's policy. */
export const newPassword = define<string>('newPassword', (v) =>
  typeof v !== 'string' ? MESSAGES.passwordEmpty : (passwordProblem(v) ?? true),
);

export const otp = define<string>(
  'otp',
  (v) => (typeof v === 'string' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(v)) || MESSAGES.otpInvalid,
);

export const LoginBody = object({ email, password: requiredText(MESSAGES.loginPasswordRequired) });
export const EmailBody = object({ email });
export const ForceChangePasswordBody = object({ newPassword });
export const ResetPasswordBody = object({ email, otp, password: newPassword });

/** Form-only check: the confirmation must equal the password (reported on the confirmation field). */
export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : MESSAGES.passwordMismatch;
}

/** The current user as `GET /user/me` answers it. */
export interface Me {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  hospitals: string | null;
  forceChangePassword: boolean;
}
