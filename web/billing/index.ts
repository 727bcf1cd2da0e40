// Public face of web/billing: the 'Écarts de facturation' screen (ADMIN, ACCOUNTING), loaded on demand, and
// the menu's count of what an accountant has to look at.
import { lazyScreen } from '../lib/lazy-screen';

export { useBillingCount } from './count';

export const BillingScreen = lazyScreen(() => import('./billing-screen').then((m) => m.BillingScreen));
