// Errors of the Leon client: one class with a `kind` the sync can branch on and a French message it
// can show as is. `detail` keeps what Leon said (for logs), never shown to users.

export type LeonErrorKind =
  | 'key_refused'
  | 'unavailable'
  | 'timeout'
  | 'rate_limited'
  | 'bad_request'
  | 'graphql'
  | 'mapping';

export const LEON_MESSAGES = {
  keyRefused:
    "La clé d'API Leon a été refusée ou a expiré : un administrateur doit en créer une nouvelle dans Leon.",
  unavailable: 'Leon est injoignable, veuillez réessayer plus tard.',
  timeout: (seconds: number) =>
    `Leon ne répond pas (aucune réponse en ${seconds} s), veuillez réessayer plus tard.`,
  rateLimited: 'Leon limite le nombre de requêtes, veuillez réessayer dans quelques minutes.',
  badRequest: (detail: string) => `Leon a refusé la requête : ${detail}`,
  graphql: (detail: string) => `Leon a répondu par une erreur : ${detail}`,
  mapping: (detail: string) => `Données Leon inattendues : ${detail}`,
} as const;

export class LeonError extends Error {
  override name = 'LeonError';
  constructor(
    readonly kind: LeonErrorKind,
    message: string,
    readonly detail?: { status?: number; leonMessage?: string; cause?: unknown },
  ) {
    super(message);
  }
}
