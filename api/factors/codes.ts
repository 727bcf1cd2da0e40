// The secrets of the second step (decision 070): an authenticator's TOTP secret (RFC 6238, otplib),
// encrypted at rest with a key derived from SESSION_SECRET, and recovery codes, kept as keyed hashes.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrSvgOf } from 'qrcode';
import { RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../contract/factors';

/** The name authenticator applications show above the codes. */
export const ISSUER = 'Back-office transports d’organes';

/** Each use of the session secret gets its own key: this one encrypts TOTP secrets, nothing else. */
const keyOf = (sessionSecret: string, purpose: string) =>
  createHmac('sha256', sessionSecret).update(`second-factor:${purpose}`).digest();

/** A new TOTP secret (20 random bytes, Base32), and the `otpauth://` URI and QR code the user scans. */
export async function newTotpSecret(label: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const qrSvg = await qrSvgOf(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** AES-256-GCM, stored as `iv.tag.ciphertext` in base64url. */
export function sealSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret, 'totp'), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(sessionSecret: string, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret, 'totp'), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/**
 * The time step a code matches at `now` (one step of clock drift either way), later than `after` (a code
 * is accepted once: replay within its window is refused), or null.
 */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  after: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes (50 random bits each), as the user sees them (before `shownRecoveryCode`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(''),
  );
}

/**
 * A recovery code's stored form: keyed (a stolen table alone cannot be tried offline) and tied to its user.
 * The codes carry 50 random bits, so a fast hash is enough once keyed.
 */
export const recoveryHash = (sessionSecret: string, userId: string, code: string) =>
  createHmac('sha256', keyOf(sessionSecret, 'recovery')).update(`${userId}:${code}`).digest('base64url');

/**
 * The challenge of a passkey sign-in, derived from its id (decision 070): nothing is stored until a
 * signature answers it, so the login page may ask for one at every visit (the browser's passkey suggestion).
 */
export function signInChallenge(sessionSecret: string, challengeId: string): Uint8Array<ArrayBuffer> {
  const digest = createHmac('sha256', keyOf(sessionSecret, 'passkey-sign-in')).update(challengeId).digest();
  return new Uint8Array(digest);
}

/** A UUID of version 7: its first 48 bits are the time it was made, in milliseconds. */
export function timedId(now: Date): string {
  const hex = now.getTime().toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((Number.parseInt(hex[15], 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(12, 15)}-${variant}${hex.slice(16, 19)}-${hex.slice(19, 31)}`;
}

/** When a `timedId` was made, in milliseconds since the epoch. */
export const timeOfId = (id: string): number => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
