// Public face of web/invoices: the invoice export screen (ADMIN, ACCOUNTING), loaded on demand.
import { lazy } from 'react';

export const InvoicesScreen = lazy(() =>
  import('./invoices-screen').then((m) => ({ default: m.InvoicesScreen })),
);
