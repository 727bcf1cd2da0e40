// The French message a form or toast shows for a failed call: the server's, else the generic one; and
// the placeholder that every machine's actors start with until the UI provides the real call.
import { MESSAGES } from '../contract/auth';

export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const status = (error as { status?: unknown } | null)?.status;
  // Only messages that came from our server (an HTTP status is attached) are shown as they are.
  return typeof message === 'string' && message && typeof status === 'number' ? message : MESSAGES.generic;
}

/**
 * A failed call's actions, for an invoke's `onError`: its message (`messageOf`) kept in the context's
 * `error` by the machine's `showError` and shown as a toast by its `notifyError`.
 */
const failureMessage = ({ event }: { event: { error: unknown } }) => ({
  message: messageOf(event.error),
});
export const FAILED = [
  { type: 'showError', params: failureMessage },
  { type: 'notifyError', params: failureMessage },
] as const;

export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** A placeholder actor's body: the machine states its calls, the UI provides them (`machine.provide`). */
export const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};
