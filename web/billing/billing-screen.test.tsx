// @vitest-environment happy-dom
// The billing check screen as a user sees it (issue 54): it opens on the menu's period, the last 92 days;
// the settings in force for ACCOUNTING, changed by ADMIN in a dialog (the contract's French messages, the
// buttons waiting, the list reloaded); a period the API would refuse says why and shows no figures; the
// totals say what they hold.

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  BILLING_PATHS,
  BILLING_VERDICTS,
  type BillingPage,
  type BillingRow,
  type BillingSettings,
} from '../../contract/billing';
import { MISSION_PATHS } from '../../contract/missions';
import type { Role } from '../../contract/roles';
import { SessionProvider } from '../lib/session';
import { fakeApi, signedInAs } from '../testing/app';
import { requestOf } from '../testing/fake-api';
import { PERIOD_FIELD_MESSAGES } from '../ui/date-range-filter';
import { Toasts } from '../ui/toast';
import { BillingScreen } from './billing-screen';

afterEach(cleanup);

const ROW: BillingRow = {
  id: '00000000-0000-4000-8000-0000000000c1',
  missionId: '00000000-0000-4000-8000-0000000000c1',
  tripNumber: 'TR-ICE',
  hospital: 'CHU de Bordeaux',
  day: '2026-02-03',
  missionStatus: 'TERMINEE',
  invoiced: 18_000,
  computed: 19_500,
  difference: -1_500,
  differencePercent: -7.69,
  verdict: 'ECART',
  reason: 'Sous-facturée de 1 500,00 €',
  costLines: [],
  suspectLine: null,
  invoices: [],
};
const counts = Object.fromEntries(BILLING_VERDICTS.map((v) => [v, 0])) as BillingPage['totals']['counts'];
const PAGE: BillingPage = {
  rows: [ROW],
  pageCount: 1,
  total: 1,
  totals: {
    invoiced: 18_000,
    computed: 19_500,
    difference: -1_500,
    uncompared: 3_000,
    counts: { ...counts, ECART: 1, NON_FACTUREE: 2, FACTURE_SANS_MISSION: 1, CONFORME: 4 },
  },
};
const SETTINGS: BillingSettings = { tolerancePercent: 1, toleranceEuros: 10, unbilledAfterDays: 15 };

function renderScreen(role: Role, more: Parameters<typeof fakeApi>[0] = {}) {
  let settings = SETTINGS;
  const api = fakeApi({
    [`GET ${BILLING_PATHS.list}`]: () => ({ body: { data: PAGE } }),
    [`GET ${BILLING_PATHS.settings}`]: () => ({ body: { data: settings } }),
    [`PUT ${BILLING_PATHS.settings}`]: ({ body }) => {
      settings = body as BillingSettings;
      return { body: { data: settings } };
    },
    [`GET ${MISSION_PATHS.hospitals}`]: () => ({ body: { data: [] } }),
    ...more,
  });
  render(
    <I18nProvider locale="fr-FR">
      <SessionProvider actor={signedInAs(role)}>
        <Toasts />
        <BillingScreen />
      </SessionProvider>
    </I18nProvider>,
  );
  return { api, user: userEvent.setup() };
}

/** The requests the screen made to `path`, by their query. */
const queriesTo = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.fetch.mock.calls
    .map((_, n) => requestOf(api.fetch, n))
    .filter((r) => r.path === path)
    .map((r) => r.query);

/** The period's six spin buttons, once drawn (the field draws itself a task at a time). */
async function periodParts() {
  const period = await screen.findByRole('group', { name: 'Période' });
  await waitFor(() => expect(within(period).getAllByRole('spinbutton')).toHaveLength(6));
  return within(period).getAllByRole('spinbutton');
}

async function typePeriod(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  const parts = await periodParts();
  await user.click(parts[0]);
  await user.keyboard(from);
  await user.click(parts[3]);
  await user.keyboard(to);
}

/** Today in Paris and the day 91 days before it: the menu's 92 days, written independently of the screen. */
function last92Days() {
  const endDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const [y, m, d] = endDate.split('-').map(Number);
  const startDate = new Date(Date.UTC(y, m - 1, d - 91)).toISOString().slice(0, 10);
  return { startDate, endDate };
}

const table = () => screen.findByRole('table', { name: 'Écarts de facturation' });

describe('Billing screen: its first period', () => {
  it('opens on the last 92 days, the period the menu counts, and says how many rows it counts', async () => {
    const { api } = renderScreen('ACCOUNTING');
    await within(await table()).findByText('TR-ICE');
    const { startDate, endDate } = last92Days();
    expect(queriesTo(api, BILLING_PATHS.list)[0]).toMatchObject({ startDate, endDate });
    const shown = (await periodParts()).map((p) => p.textContent);
    expect(shown).toEqual([...startDate.split('-').reverse(), ...endDate.split('-').reverse()]);
    // Écart 1 + Non facturée 2 + Facture sans mission 1: what the menu's count adds up.
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(totals.textContent).toContain('À examiner (Écart, Non facturée, Facture sans mission) : 4');
  });
});

describe('Billing screen: the totals', () => {
  it('say what they hold: Écart is Facturé minus Coût calculé, the rest invoiced apart', async () => {
    renderScreen('ACCOUNTING');
    await within(await table()).findByText('TR-ICE');
    const totals = screen.getByRole('region', { name: 'Totaux' });
    const figure = (label: string) =>
      within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Facturé HT')).toBe('18\u202f000,00 €');
    expect(figure('Coût calculé')).toBe('19\u202f500,00 €');
    expect(figure('Écart')).toBe('-1\u202f500,00 €');
    expect(figure('Facturé hors comparaison')).toBe('3\u202f000,00 €');
    expect(totals.textContent).toContain(
      'Écart = Facturé HT − Coût calculé, sur les lignes dont le coût est calculé. Facturé hors comparaison : factures sans mission et missions au coût incomplet.',
    );
  });
});

describe('Billing screen: a period the API would refuse', () => {
  it('says that the start must come first, and shows neither totals nor rows', async () => {
    const { api, user } = renderScreen('ADMIN');
    await within(await table()).findByText('TR-ICE');
    await typePeriod(user, '10022025', '01022025');
    expect(await screen.findByText(PERIOD_FIELD_MESSAGES.order)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Totaux' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Écarts de facturation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter XLSX' })).toHaveProperty('disabled', true);
    expect(queriesTo(api, BILLING_PATHS.list).at(-1)).not.toMatchObject({
      startDate: '2025-02-10',
      endDate: '2025-02-01',
    });

    // A right period again: its figures.
    await typePeriod(user, '01012025', '31012025');
    await within(await table()).findByText('TR-ICE');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queriesTo(api, BILLING_PATHS.list).at(-1)).toMatchObject({
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    });
  });

  it('says that a period is too long, and shows neither totals nor rows', async () => {
    const { user } = renderScreen('ACCOUNTING');
    await within(await table()).findByText('TR-ICE');
    await typePeriod(user, '01012025', '30062025');
    expect(await screen.findByText(BILLING_MESSAGES.periodTooLong)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Totaux' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Écarts de facturation' })).toBeNull();
    expect(screen.queryByText('Aucune mission ni facture sur cette période')).toBeNull();
  });
});

describe('Billing screen: the settings', () => {
  it('shows ACCOUNTING the tolerance and the delay in force, without a way to change them', async () => {
    renderScreen('ACCOUNTING');
    const settings = await screen.findByRole('region', { name: 'Réglages du contrôle' });
    await waitFor(() => expect(settings.textContent).toContain('Tolérance :1 % ou 10,00 €'));
    expect(settings.textContent).toContain('Non facturée après :15 jours');
    await within(await table()).findByText('TR-ICE');
    expect(screen.queryByRole('button', { name: 'Modifier les réglages' })).toBeNull();
  });

  it('lets ADMIN change them in a dialog: French messages, buttons waiting, then the new values and verdicts', async () => {
    const { api, user } = renderScreen('ADMIN');
    await within(await table()).findByText('TR-ICE');
    await user.click(await screen.findByRole('button', { name: 'Modifier les réglages' }));
    const dialog = screen.getByRole('dialog', { name: 'Réglages du contrôle de facturation' });
    const percent = within(dialog).getByLabelText('Tolérance en pourcentage (%)') as HTMLInputElement;
    const euros = within(dialog).getByLabelText('Tolérance en euros (€)') as HTMLInputElement;
    const days = within(dialog).getByLabelText('Délai avant « Non facturée » (jours)') as HTMLInputElement;
    expect([percent.value, euros.value, days.value]).toEqual(['1', '10,00', '15']);

    // Refused as the API refuses them, in its words, without a call.
    await user.clear(percent);
    await user.type(percent, '1,005');
    await user.clear(euros);
    await user.type(euros, 'dix');
    await user.clear(days);
    await user.type(days, '1,5');
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    expect(within(dialog).getByText(BILLING_MESSAGES.tolerancePercent)).toBeTruthy();
    expect(within(dialog).getByText(BILLING_MESSAGES.toleranceEuros)).toBeTruthy();
    expect(within(dialog).getByText(BILLING_MESSAGES.unbilledAfterDays)).toBeTruthy();
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '2,5');
    await user.clear(euros);
    await user.type(euros, '20,50');
    await user.clear(days);
    await user.type(days, '30');
    const listCalls = queriesTo(api, BILLING_PATHS.list).length;
    // Hold the answer to see the buttons wait.
    let release: () => void = () => {};
    const original = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return original(...args);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Modifier' })).toHaveProperty('disabled', true),
    );
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: BILLING_PATHS.settings,
        body: { tolerancePercent: 2.5, toleranceEuros: 20.5, unbilledAfterDays: 30 },
      },
    ]);
    expect(await screen.findByText(BILLING_MESSAGES.settingsSaved)).toBeTruthy();
    const settings = screen.getByRole('region', { name: 'Réglages du contrôle' });
    await waitFor(() => expect(settings.textContent).toContain('Tolérance :2,5 % ou 20,50 €'));
    expect(settings.textContent).toContain('Non facturée après :30 jours');
    // The verdicts follow the settings: the list is read again.
    await waitFor(() => expect(queriesTo(api, BILLING_PATHS.list).length).toBeGreaterThan(listCalls));
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = renderScreen('ADMIN', {
      [`PUT ${BILLING_PATHS.settings}`]: () => ({
        status: 403,
        body: { message: "Vous n'avez pas accès à cette ressource" },
      }),
    });
    await within(await table()).findByText('TR-ICE');
    await user.click(await screen.findByRole('button', { name: 'Modifier les réglages' }));
    const dialog = screen.getByRole('dialog', { name: 'Réglages du contrôle de facturation' });
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Vous n'avez pas accès à cette ressource",
    );
  });
});
