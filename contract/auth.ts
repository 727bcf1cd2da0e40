// Session and password vocabulary (requirements §2 public screens, §5 rules, §7 'Session and users').
import { coerce, define, object, refine, string } from 'superstruct';
import { REFUSED_REQUEST_MESSAGES } from './http';
import type { Role } from './roles';
import { MAX_LENGTH, textProblem, tooLong } from './validation';

export const AUTH_PATHS = {
  login: '/auth/login',
  forceChangePassword: '/auth/force-change-password',
  changePassword: '/auth/change-password',
  requestForgetPassword: '/auth/request-forget-password',
  resetPassword: '/auth/reset-password',
  resendResetPasswordOtp: '/auth/resend-reset-password-otp',
  logout: '/auth/logout',
  refresh: '/auth/refresh',
  me: '/user/me',
} as const;

/**
 * A cookie the API sets beside the session cookies and clears with them, readable by the page and holding
 * no secret: without it there is no session, and the SPA makes no call that could only answer 401. Its
 * value is the access token's expiry (Unix seconds): past it, the SPA renews the session before its next
 * call rather than after that call's 401 (docs/decisions/022).
 */
export const SESSION_HINT_COOKIE = 'signed_in';

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
  currentPasswordRequired: 'Le mot de passe actuel est requis',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect',
  noPasswordChangePending: "Aucun changement de mot de passe n'est demandé pour ce compte",
  otpLocked: 'Trop de codes erronés pour ce compte, veuillez réessayer demain',
  tooLarge: REFUSED_REQUEST_MESSAGES.tooLarge,
  malformedRequest: REFUSED_REQUEST_MESSAGES.malformed,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = MAX_LENGTH.password;
export const EMAIL_MIN = 5;
export const EMAIL_MAX = MAX_LENGTH.email;
export const OTP_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 60;
/** The special characters the policy accepts (requirements §5). */
export const PASSWORD_SPECIALS = '!:><@#$%^&*?().-_,=+';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail: not empty, lower-cased, valid, at least 5 and at most 254 characters. */
export const email = coerce(
  define<string>('email', (v) => {
    if (typeof v !== 'string' || v.length < 1) return MESSAGES.emailEmpty;
    if (v.length > EMAIL_MAX) return tooLong(EMAIL_MAX);
    const problem = textProblem(v);
    if (problem) return problem;
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
  if (password.length > PASSWORD_MAX) return tooLong(PASSWORD_MAX);
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

/** A password typed to prove who one is: not blank, at most 128 characters, kept as typed. */
const typedPassword = (required: string) =>
  define<string>('typedPassword', (v) => {
    if (typeof v !== 'string' || v.trim().length === 0) return required;
    return v.length <= PASSWORD_MAX || tooLong(PASSWORD_MAX);
  });

export const LoginBody = object({ email, password: typedPassword(MESSAGES.loginPasswordRequired) });
export const EmailBody = object({ email });
export const ForceChangePasswordBody = object({ newPassword });
export const ResetPasswordBody = object({ email, otp, password: newPassword });

/** The signed-in user's own change: the current password, the new one twice, and a real change. */
export const ChangePasswordBody = refine(
  object({
    currentPassword: typedPassword(MESSAGES.currentPasswordRequired),
    newPassword,
    confirmation: define<string>('confirmation', (v) => typeof v === 'string' || MESSAGES.passwordMismatch),
  }),
  'changePassword',
  ({ currentPassword, newPassword, confirmation }) => {
    if (confirmation !== newPassword) return { path: ['confirmation'], message: MESSAGES.passwordMismatch };
    // Compared as the hash sees them (NFKC), so that "different" means a different hash.
    if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC'))
      return { path: ['newPassword'], message: MESSAGES.samePassword };
    return true;
  },
);

/** Form-only check: the confirmation must equal the password (reported on the confirmation field). */
export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : MESSAGES.passwordMismatch;
}

/** The answer of the reset-password calls: the French text to show (`{ data: { message } }`). */
export interface AuthNotice {
  message?: string;
}

/** The current user as `GET /user/me` answers it. */
export interface Me {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  /** One or more for a HOSPITAL user, none for staff (decision 024). */
  hospitals: string[];
  forceChangePassword: boolean;
  /**
   * What this session still needs before it opens anything (contract/factors.ts): a code ('verify'), or a
   * first factor that the user's role requires ('enrol'); null once complete.
   */
  secondFactor: SecondFactorStep | null;
}

/** What a session still needs: a code ('verify'), or a first factor that the role requires ('enrol'). */
export type SecondFactorStep = 'verify' | 'enrol';
