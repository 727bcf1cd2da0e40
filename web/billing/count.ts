// The menu's count of the billing check (GET /billing/count): Écart, Non facturée and Facture sans mission
// of the last period, for ADMIN and ACCOUNTING only, refreshed when a sync brings missions or invoices.
import { useEffect, useState } from 'react';
import { BILLING_PATHS } from '../../contract/billing';
import type { DataResponse } from '../../contract/http';
import { apiCall } from '../lib/api';
import { missionsChanged } from '../sync';

export function useBillingCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      apiCall<DataResponse<{ count: number }>>(BILLING_PATHS.count)
        .then((answer) => setCount(answer.data.count))
        .catch(() => setCount(null));
    load();
    return missionsChanged.subscribe(load);
  }, [enabled]);
  return count;
}
