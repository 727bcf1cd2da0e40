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
