// The menu's count of the billing check (GET /billing/count): Écart, Non facturée and Facture sans mission
// of the last period, for ADMIN and ACCOUNTING only, refreshed when a sync brings missions or invoices.
import { BILLING_PATHS } from '../../contract/billing';
import type { DataResponse } from '../../contract/http';
import { apiCall } from '../lib/api';
import { useRefreshed } from '../lib/use-refreshed';
import { missionsChanged } from '../sync';

const fetchBillingCount = async () =>
  (await apiCall<DataResponse<{ count: number }>>(BILLING_PATHS.count)).data.count;

const CHANGES = [missionsChanged];

export function useBillingCount(enabled: boolean): number | null {
  return useRefreshed(enabled, fetchBillingCount, CHANGES);
}
