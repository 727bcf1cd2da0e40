// The typed calls of the second sign-in step (contract/factors.ts): the user's factors, an authenticator
// enrolled, passkeys created and used through the browser (@simplewebauthn/browser, loaded only when a
// passkey is asked for), recovery codes, and an ADMIN's reset of another user's factors.
import { AUTH_PATHS, type Me } from '../../contract/auth';
import {
  FACTOR_MESSAGES,
  FACTOR_PATHS,
  type FactorAdded,
  type FactorsView,
  type PasskeyOptions,
  type RecoveryCodes,
  type TotpEnrolment,
} from '../../contract/factors';
import type { DataResponse } from '../../contract/http';
import { ApiError, apiCall, rawCall } from '../lib/api';

const data = async <T>(call: Promise<DataResponse<T>>) => (await call).data;

/** The browser refused or the user cancelled (no passkey, closed the prompt): a French message. */
async function browserStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, FACTOR_MESSAGES.passkeyCancelled);
  }
}

/** Passkey sign-ins begun by a button and not yet answered. */
let asking = 0;

const signInOptions = () =>
  data(rawCall<DataResponse<PasskeyOptions>>(FACTOR_PATHS.passkeySignInOptions, { method: 'POST' }));

const answerSignIn = (challengeId: string, response: unknown) =>
  data(
    rawCall<DataResponse<Me>>(FACTOR_PATHS.passkeySignIn, {
      method: 'POST',
      body: { challengeId, response },
    }),
  );

export const factorsApi = {
  list: () => data(apiCall<DataResponse<FactorsView>>(FACTOR_PATHS.factors)),
  startTotp: (name: string) =>
    data(apiCall<DataResponse<TotpEnrolment>>(FACTOR_PATHS.startTotp, { method: 'POST', body: { name } })),
  confirmTotp: (id: string, code: string) =>
    data(
      apiCall<DataResponse<FactorAdded>>(FACTOR_PATHS.confirmTotp(id), { method: 'POST', body: { code } }),
    ),
  remove: async (id: string): Promise<void> => {
    await apiCall(FACTOR_PATHS.removeFactor(id), { method: 'DELETE' });
  },
  regenerateRecoveryCodes: () =>
    data(apiCall<DataResponse<RecoveryCodes>>(FACTOR_PATHS.recoveryCodes, { method: 'POST' })),
  resetUser: async (userId: string): Promise<string> =>
    (
      await data(
        apiCall<DataResponse<{ message: string }>>(FACTOR_PATHS.resetUser(userId), { method: 'DELETE' }),
      )
    ).message,
  /** Creates a passkey on this device (the browser asks the user) and adds it under `name`. */
  addPasskey: async (name: string): Promise<FactorAdded> => {
    const { challengeId, options } = await data(
      apiCall<DataResponse<PasskeyOptions>>(FACTOR_PATHS.passkeyOptions, { method: 'POST' }),
    );
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await browserStep(() => startRegistration({ optionsJSON: options as never }));
    return data(
      apiCall<DataResponse<FactorAdded>>(FACTOR_PATHS.addPasskey, {
        method: 'POST',
        body: { challengeId, name, response },
      }),
    );
  },
  /** Signs in with a passkey of this device: alone, or completing the session waiting for its step. */
  signInWithPasskey: async (): Promise<Me> => {
    asking += 1;
    try {
      const { challengeId, options } = await signInOptions();
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await browserStep(() => startAuthentication({ optionsJSON: options as never }));
      return await answerSignIn(challengeId, response);
    } finally {
      asking -= 1;
    }
  },
  /**
   * Offers this site's passkeys among the browser's suggestions for the e-mail field (an input whose
   * autocomplete names `webauthn`): the signed-in user once one is chosen, null when the offer ends
   * without one (another ceremony began, the page changed). The browser shows nothing until the field is
   * used, and asks the user's verification as for the button.
   */
  offerPasskeys: async (): Promise<Me | null> => {
    const { challengeId, options } = await signInOptions();
    const { startAuthentication } = await import('@simplewebauthn/browser');
    // A ceremony begun by the button meanwhile goes on: beginning the offer now would end it.
    if (asking > 0) return null;
    const response = await startAuthentication({
      optionsJSON: options as never,
      useBrowserAutofill: true,
    }).catch(() => null);
    return response ? answerSignIn(challengeId, response) : null;
  },
  /** Ends a pending offer of `offerPasskeys` (the login page left). */
  stopOffering: async () => (await import('@simplewebauthn/browser')).WebAuthnAbortService.cancelCeremony(),
  me: () => data(rawCall<DataResponse<Me>>(AUTH_PATHS.me)),
};
