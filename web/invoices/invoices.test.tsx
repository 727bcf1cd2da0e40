// @vitest-environment happy-dom
// The invoice export screen on its own: the spec's badges (a neutral one with the raw value when unknown),
// the error message, euros and French days; the refresh calls the retry and reloads the list, with the
// spec's toasts; the export dialog asks for a period before any call.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../contract/invoices';
import { invoiceRow } from '../../contract/testing/invoices';
import { fakeApi } from '../testing/app';
import { Toasts } from '../ui/toast';
import * as ui from './invoices.css';
import { InvoicesScreen } from './invoices-screen';

const ROWS = [
  invoiceRow({}),
  invoiceRow({
    id: '00000000-0000-0000-0000-0000000000b2',
    status: 'ERROR',
    invoiceType: 'CREDIT_NOTE',
    errorMessage: 'Code tiers manquant pour le client CHU X',
  }),
  invoiceRow({
    id: '00000000-0000-0000-0000-0000000000b3',
    status: 'ARCHIVED' as InvoiceRow['status'],
    invoiceType: 'PROFORMA' as InvoiceRow['invoiceType'],
  }),
];

function renderScreen(retry: { status: number; body: unknown }) {
  const api = fakeApi({
    'GET /invoice/leon-invoices': () => ({ body: { data: { rows: ROWS, pageCount: 4 } } }),
    'PUT /invoice/update-invoices-with-error': () => retry,
  });
  render(
    <I18nProvider locale="fr-FR">
      <Toasts />
      <InvoicesScreen />
    </I18nProvider>,
  );
  return api;
}

/** Clicks 'Mettre à jour les factures en erreur' once the screen shows it. */
const refreshErrors = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Mettre à jour les factures en erreur' }));

describe('Invoice export screen', () => {
  it('shows the rows with the spec badges, a neutral badge for an unknown value, the error, euros and days', async () => {
    renderScreen({ status: 200, body: { data: { fixed: 0, stillInError: 1, retried: 1, remaining: 1 } } });
    expect(screen.getByRole('heading', { name: 'Factures Leon' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Factures' });
    await within(table)
      .findByText('FA2026-00042', {}, { timeout: 3000 })
      .catch(() => null);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    for (const text of ['En Attente', 'Invoice', 'Erreur', 'Credit Notes', 'ARCHIVED', 'PROFORMA'])
      expect(within(table).getByText(text)).toBeTruthy();
    // In red: the error class of the screen.
    expect(within(table).getByText('Code tiers manquant pour le client CHU X').className).toBe(ui.errorText);
    expect(within(table).getAllByText('27/02/2026').length).toBe(3);
    expect(within(table).getAllByText(/4\s950,60\s€/).length).toBe(3);
    expect(screen.getByPlaceholderText('Rechercher par le N° de mission')).toBeTruthy();
  });

  it('refreshes: the retry call, the success toast and a reload', async () => {
    const api = renderScreen({
      status: 200,
      body: { data: { fixed: 2, stillInError: 0, retried: 2, remaining: 0 } },
    });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/invoice/leon-invoices')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour les factures en erreur' }));
    expect(
      await screen.findByText('Mise à jour réussie des données : 2 corrigées, 0 toujours en erreur'),
    ).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/invoice/leon-invoices')).toHaveLength(2));
    expect(
      api.calls.some((c) => c.method === 'PUT' && c.path === '/invoice/update-invoices-with-error'),
    ).toBe(true);
  });

  it('says what the refresh changed: how many rows were fixed and how many are still in error', async () => {
    renderScreen({
      status: 200,
      body: { data: { fixed: 3, stillInError: 9, retried: 12, remaining: 9 } },
    });
    await refreshErrors();
    expect(
      await screen.findByText('Mise à jour réussie des données : 3 corrigées, 9 toujours en erreur'),
    ).toBeTruthy();
  });

  it('says when nothing was fixed, in the singular for one row, and when no row was in error', async () => {
    const cases: Array<[unknown, string]> = [
      [
        { fixed: 0, stillInError: 1, retried: 1, remaining: 1 },
        'Mise à jour réussie des données : 0 corrigée, 1 toujours en erreur',
      ],
      [
        { fixed: 1, stillInError: 0, retried: 1, remaining: 0 },
        'Mise à jour réussie des données : 1 corrigée, 0 toujours en erreur',
      ],
      [
        { fixed: 0, stillInError: 0, retried: 0, remaining: 0 },
        'Mise à jour réussie des données : aucune facture en erreur',
      ],
    ];
    for (const [data, text] of cases) {
      renderScreen({ status: 200, body: { data } });
      await refreshErrors();
      expect(await screen.findByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it('says so when the refresh fails', async () => {
    renderScreen({ status: 502, body: { message: 'Leon est injoignable' } });
    await refreshErrors();
    expect(
      await screen.findByText("Il s'est passé quelque chose pendant la mise à jour des données"),
    ).toBeTruthy();
  });

  it('asks for a period before exporting', async () => {
    const api = renderScreen({ status: 200, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter vers CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exporter vers CSV' });
    expect(within(dialog).getByRole('checkbox', { name: 'Inclure les factures de réussite' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'La période est requise (date de début et date de fin)',
    );
    expect(api.calls.some((c) => c.path === '/invoice/export-csv')).toBe(false);
  });
});
