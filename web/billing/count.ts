// The menu's count of the billing check (GET /billing/count): Écart, Non facturée and Facture sans mission
// of the last 92 days (the period the screen opens on), for ADMIN and ACCOUNTING only, refreshed when a sync
// brings missions or invoices and when the settings the verdicts follow change.
import { BILLING_PATHS } from '../../contract/billing';
import type { DataResponse } from '../../contract/http';
import { apiCall } from '../lib/api';
import { useRefreshed } from '../lib/use-refreshed';
import { liveSignal } from '../live';
import { missionsChanged } from '../sync';
import { billingSettingsChanged } from './settings';

const fetchBillingCount = async () =>
  (await apiCall<DataResponse<{ count: number }>>(BILLING_PATHS.count)).data.count;

const CHANGES = [
  missionsChanged,
  billingSettingsChanged,
  liveSignal('invoice', 'mission', 'billing_settings'),
];

export function useBillingCount(enabled: boolean): number | null {
  return useRefreshed(enabled, fetchBillingCount, CHANGES);
}
