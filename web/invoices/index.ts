// Public face of web/invoices: the invoice export screen (ADMIN, ACCOUNTING), loaded on demand.
import { lazyScreen } from '../lib/lazy-screen';

export const InvoicesScreen = lazyScreen(() => import('./invoices-screen').then((m) => m.InvoicesScreen));
