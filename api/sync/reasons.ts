// Why a trip or a run failed, in French as the admin reads it; the database's own words go to the log.
import { LeonError, withoutNul } from '../leon';
import { sqlState } from '../lib/errors';

/** A trip we refuse to store, with the French reason shown to the admin. */
export class SkipTrip extends Error {}

const REASON_MAX = 500;

/** The server is stopping (SIGTERM): the run stopped before writing and is recorded as interrupted. */
export class SyncInterruptedError extends Error {}

/** A run whose process stopped before its end (its writes were rolled back whole). */
export const RUN_INTERRUPTED =
  'La synchronisation a été interrompue avant la fin (arrêt du serveur) ; rien n’a été enregistré.';

/**
 * A run whose lock was lost while it read Leon (a pooler or proxy cut its connection) and that another run
 * took over: it writes nothing (decision 030).
 */
export const RUN_FENCED =
  'La synchronisation a été arrêtée avant d’écrire : une autre synchronisation a pris le relais ; rien n’a été enregistré.';

/** Thrown in the write transaction of a run that no longer holds the sync lease. */
export class LostLeaseError extends Error {}

/** A reason as stored and shown: in French, without NUL (jsonb and text refuse it), of bounded length. */
export function cleanReason(text: string): string {
  const clean = withoutNul(text).trim();
  return clean.length > REASON_MAX ? `${clean.slice(0, REASON_MAX - 1)}…` : clean;
}

/**
 * Why a trip could not be stored, in French. The database's own message names the SQL and its
 * parameters: it goes to the log, never to the admin.
 */
export function tripStoreFailure(error: unknown): string {
  if (error instanceof SkipTrip) return error.message;
  const state = sqlState(error);
  const why =
    state === '23505'
      ? 'une valeur existe déjà en base (contrainte d’unicité)'
      : state === '23503' || state === '23502' || state === '23514' || state === '23P01'
        ? 'une contrainte de la base de données est violée'
        : state === '22003'
          ? 'un nombre dépasse la capacité de la base de données'
          : state === '22001'
            ? 'un texte est trop long pour la base de données'
            : state === '22021' || state === '22P05'
              ? 'un texte contient un caractère que la base de données ne peut pas enregistrer'
              : 'erreur de la base de données';
  return `Import impossible : ${why}${state ? ` (code ${state})` : ''}`;
}

/** Why a run failed as a whole, in French (Leon's own messages are French already). */
export function runFailure(error: unknown): string {
  if (error instanceof SyncInterruptedError) return RUN_INTERRUPTED;
  if (error instanceof LeonError) return cleanReason(error.message);
  if (error instanceof LostLeaseError) return RUN_FENCED;
  const state = sqlState(error);
  return `La synchronisation a échoué : erreur de la base de données${state ? ` (code ${state})` : ''}.`;
}

/** Why an after-commit step (invoices) failed, in French; the run itself succeeded (decision 018). */
export function afterCommitFailure(error: unknown): string {
  if (error instanceof LeonError) return cleanReason(error.message);
  const state = sqlState(error);
  return `Les factures n’ont pas pu être synchronisées : erreur de la base de données${state ? ` (code ${state})` : ''}.`;
}
