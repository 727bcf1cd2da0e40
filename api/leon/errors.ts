// Errors of the Leon client: one class with a `kind` the sync can branch on and a French message it
// can show as is. Leon speaks English ('Int cannot represent non 32-bit signed integer value…', 'Trip …
// not found.'): its words stay in `detail.leonMessage` (logs, and the journal for ADMIN only, decision 061)
// and never enter the message, which says in French what kind of error Leon gave.

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
  badRequest: (leonText: string) => `Leon a refusé la requête : ${leonErrorInFrench(leonText)}.`,
  graphql: (leonText: string, category?: string) =>
    `Leon a répondu par une erreur : ${leonErrorInFrench(leonText, category)}.`,
  noData: 'Leon a répondu sans données.',
  tripNotFound: 'Voyage introuvable dans Leon (supprimé, ou hors de portée de la clé d’API).',
  mapping: (detail: string) => `Données Leon inattendues : ${detail}`,
} as const;

/**
 * What kind of error Leon's English text (and its ErrorList `category`, when given) tells, in French,
 * without repeating it: it may name our query, its variables or Leon's internals.
 */
export function leonErrorInFrench(leonText: string, category?: string): string {
  if (category === 'NOT_FOUND' || /not found|does not exist|no such/i.test(leonText))
    return 'élément demandé introuvable';
  if (
    /permission|not allowed|forbidden|access denied|scope|not authori[sz]ed|unauthori[sz]ed/i.test(leonText)
  )
    return 'accès refusé à ces données (droits de la clé d’API à vérifier dans Leon)';
  if (/one week|in the past|too old/i.test(leonText))
    return 'la date demandée est trop ancienne (une semaine au plus)';
  if (
    /cannot represent|invalid value|expected type|got invalid|must be|is not a valid|out of range|syntax/i.test(
      leonText,
    )
  )
    return 'une valeur de la requête n’est pas acceptée';
  return 'erreur non détaillée';
}

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
