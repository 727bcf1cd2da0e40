// The billing check's settings (decision 033, 063): read by ADMIN and ACCOUNTING, changed by ADMIN; a change
// says so (`billingSettingsChanged`), so that the list and the menu's count, whose verdicts follow them, reload.
import { BILLING_PATHS, type BillingSettings } from '../../contract/billing';
import type { DataResponse } from '../../contract/http';
import { apiCall } from '../lib/api';
import { createSignal } from '../lib/signal';
import { euros, percent } from './format';

export const billingSettingsChanged = createSignal();

export const fetchBillingSettings = async () =>
  (await apiCall<DataResponse<BillingSettings>>(BILLING_PATHS.settings)).data;

export async function saveBillingSettings(body: BillingSettings): Promise<BillingSettings> {
  const saved = (
    await apiCall<DataResponse<BillingSettings>>(BILLING_PATHS.settings, { method: 'PUT', body })
  ).data;
  billingSettingsChanged.emit();
  return saved;
}

/** The settings as the screen says them: '1 % ou 10,00 €', '15 jours'. */
export const toleranceText = (s: BillingSettings) =>
  `${percent(s.tolerancePercent)} ou ${euros(s.toleranceEuros)}`;
export const delayText = (s: BillingSettings) =>
  `${s.unbilledAfterDays} jour${s.unbilledAfterDays > 1 ? 's' : ''}`;
