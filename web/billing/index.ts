// Public face of web/billing: the 'Écarts de facturation' screen (ADMIN, ACCOUNTING), loaded on demand, and
// the menu's count of what an accountant has to look at.
import { lazy } from 'react';

export { useBillingCount } from './count';

export const BillingScreen = lazy(() =>
  import('./billing-screen').then((m) => ({ default: m.BillingScreen })),
);
