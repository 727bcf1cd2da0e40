// Public face of the second sign-in step (decision 070): the code screen and the enrolment the role
// requires, 'Seconde étape de connexion' for 'Mon compte', the ADMIN's reset of a user's factors, and the
// sign-in with a passkey. Each is loaded when first shown or called, in chunks of their own, so that the
// app's entry and /login carry none of them (decision 022). Other code imports only this file.
import { lazy } from 'react';
import type { Me } from '../../contract/auth';

const secondFactor = () => import('./second-factor-screen');
const enrol = () => import('./enrol-screen');
const section = () => import('./factors-section');
const reset = () => import('./reset-factors-dialog');

export const SecondFactorScreen = lazy(() => secondFactor().then((m) => ({ default: m.SecondFactorScreen })));
export const EnrolScreen = lazy(() => enrol().then((m) => ({ default: m.EnrolScreen })));
export const FactorsSection = lazy(() => section().then((m) => ({ default: m.FactorsSection })));
export const ResetFactorsDialog = lazy(() => reset().then((m) => ({ default: m.ResetFactorsDialog })));

/** Signs in with a passkey of this device (the browser asks the user): the signed-in user. */
export const signInWithPasskey = async (): Promise<Me> =>
  (await import('./api')).factorsApi.signInWithPasskey();

/** Whether `offerPasskeys` loaded the ceremony's code, which `stopOfferingPasskeys` then ends. */
let offering = false;

/**
 * Offers this device's passkeys in the browser's suggestions for the e-mail field (decision 070): the
 * signed-in user once one is chosen; null at once where the browser has no such suggestions (nothing is
 * loaded then), or when the offer ends without a choice. `stopOfferingPasskeys` ends it.
 */
export async function offerPasskeys(): Promise<Me | null> {
  const credential = (
    globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?(): Promise<boolean> } }
  ).PublicKeyCredential;
  if (!(await credential?.isConditionalMediationAvailable?.().catch(() => false))) return null;
  offering = true;
  return (await import('./api')).factorsApi.offerPasskeys();
}

export async function stopOfferingPasskeys(): Promise<void> {
  if (offering) await (await import('./api')).factorsApi.stopOffering();
  offering = false;
}
