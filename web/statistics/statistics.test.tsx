// @vitest-environment happy-dom
// The statistics table on its own: '-' and 'N.D' for missing values, 'Prix manquant' with its reason,
// 0 € when the airport invoice does not apply, French status badges, disabled downloads without a PDF,
// the eye's two titles, and the HOSPITAL view without statuses, actions or checkboxes; on the screen, the
// hospitals filter of a HOSPITAL user with several hospitals (its own), and none with one.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_RECORDS } from '../../contract/conflicts';
import { STATISTIC_MESSAGES, type StatisticRow } from '../../contract/statistics';
import { changes } from '../live';
import { fakeApi, renderApp, signedInAs } from '../testing/app';
import { listOf } from '../testing/table';
import { StatisticsTable } from './statistics-table';
import { StatusDialog } from './status-dialog';

const row: StatisticRow = {
  id: '00000000-0000-4000-8000-0000000000aa',
  missionId: '00000000-0000-4000-8000-0000000000bb',
  numberOfMission: null,
  hospitalName: null,
  dateOfRealization: ['2026-02-15'],
  departures: ['Bordeaux-Mérignac'],
  arrivals: ['Paris-Charles-de-Gaulle'],
  aircraftType: 'ND',
  organType: [],
  flightTime: { ok: true, value: 95 },
  costOfFlightTime: { ok: false, reason: "Type d'avion non défini (N.D)" },
  costOfRegulation: { ok: true, value: 1234.5 },
  costOfMeal: { ok: false, reason: 'Prix manquant : coût des repas des passagers au 15/02/2026' },
  totalCost: { ok: false, reason: "Type d'avion non défini (N.D)" },
  flightInvoicePdf: false,
  airportCosts: [{ icaoCode: 'LFBD', withDeIcing: false, amount: { ok: true, value: 0 } }],
  totalAirportCosts: { ok: true, value: 0 },
  airportInvoicePdf: true,
  lateCancellation: false,
  flightInvoiceNumber: null,
  flightStatus: 'DROPED_ON_CHORUS',
  airportInvoiceNumber: 'FA-1',
  airportStatus: 'NOT_APPLICABLE',
  showForHospital: false,
  disableAirportPdfUpload: true,
  version: 1,
};
const noop = () => {};
const renderTable = (staff: boolean, rows = [row], more: { onToggle?: () => void } = {}) =>
  render(
    <StatisticsTable
      list={listOf(rows)}
      staff={staff}
      selected={new Set()}
      onSelect={noop}
      onDownload={noop}
      onEditPdf={noop}
      onToggle={more.onToggle ?? noop}
    />,
  );
const cellUnder = (header: string) => {
  const table = screen.getByRole('table', { name: 'Statistiques' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return within(table).getAllByRole('cell')[headers.indexOf(header)];
};

describe('Statistics table', () => {
  it("shows '-', 'N.D', euros, 0 € for N/A airports, badges in French and 'Prix manquant' with its reason", () => {
    renderTable(true);
    expect(cellUnder('N° de mission').textContent).toBe('-');
    expect(cellUnder('Hôpital').textContent).toBe('-');
    expect(cellUnder('Date(s) de réalisation').textContent).toBe('15/02/2026');
    expect(cellUnder("Type d'avion").textContent).toBe('N.D');
    expect(cellUnder('Temps de vol + 15 min').textContent).toBe('1 h 35');
    expect(cellUnder('Coût du temps de vol').textContent).toBe('N.D');
    expect(cellUnder('Coût de la régulation').textContent?.replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(cellUnder('Coût total aéroport').textContent?.replace(/\s/g, ' ')).toBe('0,00 €');
    expect(cellUnder('Statut vol').textContent).toBe('Déposée Chorus');
    expect(cellUnder('Statut aéroport').textContent).toBe('N/A');
    const missing = within(cellUnder('Coût des plateaux repas')).getByRole('button', {
      name: STATISTIC_MESSAGES.missingPrice,
    });
    const tip = document.getElementById(missing.getAttribute('aria-describedby') ?? '');
    expect(tip?.textContent).toBe('Prix manquant : coût des repas des passagers au 15/02/2026');
    expect(within(cellUnder('Facture vol')).getByRole('button')).toHaveProperty('disabled', true);
    expect(within(cellUnder('Facture aéroport')).getByRole('button')).toHaveProperty('disabled', false);
  });

  it("marks a mission cancelled less than 45 minutes before departure 'Annulation tardive' beside its time", () => {
    renderTable(true, [
      {
        ...row,
        aircraftType: 'JET',
        dateOfRealization: [],
        departures: [],
        arrivals: [],
        flightTime: { ok: true, value: 0 },
        costOfFlightTime: { ok: true, value: 0 },
        lateCancellation: true,
      },
    ]);
    const cell = cellUnder('Temps de vol + 15 min');
    expect(within(cell).getByText('Annulation tardive')).toBeTruthy();
    expect(cell.textContent).toBe('0 h 00Annulation tardive');
    expect(cellUnder('Coût du temps de vol').textContent?.replace(/\s/g, ' ')).toBe('0,00 €');
    cleanup();
    renderTable(true);
    expect(screen.queryByText('Annulation tardive')).toBeNull();
  });

  it('gives staff checkboxes and the eye, titled after what it will do', async () => {
    const onToggle = vi.fn();
    renderTable(true, [row], { onToggle });
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    const eye = screen.getByTitle(STATISTIC_MESSAGES.show);
    await userEvent.click(eye);
    expect(onToggle).toHaveBeenCalledOnce();
    cleanup();
    renderTable(true, [{ ...row, showForHospital: true }]);
    expect(screen.getByTitle(STATISTIC_MESSAGES.hide)).toBeTruthy();
  });

  it('shows HOSPITAL users no status columns, no actions and no checkboxes', () => {
    const {
      missionId,
      flightStatus,
      airportStatus,
      showForHospital,
      disableAirportPdfUpload,
      ...hospitalRow
    } = row;
    renderTable(false, [hospitalRow as StatisticRow]);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).not.toContain('Statut vol');
    expect(headers).not.toContain('Statut aéroport');
    expect(headers).not.toContain('Actions');
    expect(headers).toContain('Coût total vol');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('Statistics screen hospitals filter (decision 024)', () => {
  const OWN = ['AP-HM Hôpital de la Timone', 'AP-HP Hôpital Européen Georges-Pompidou'];
  const screenFor = (hospitals: string[]) => {
    const api = fakeApi({
      'GET /statistic/all': () => ({ body: { data: { rows: [], pageCount: 0 } } }),
      'GET /missions/hospitals': () => ({ body: { data: hospitals.map((name) => ({ name })) } }),
    });
    renderApp('/statistics', signedInAs('HOSPITAL', { hospitals }));
    return api;
  };

  it('offers a HOSPITAL user with two hospitals the filter on its own, and filters the list by one', async () => {
    const api = screenFor(OWN);
    const filter = await screen.findByRole('button', { name: 'Hôpitaux : Tous' }, { timeout: 5000 });
    await userEvent.click(filter);
    const dialog = await screen.findByRole('dialog', { name: 'Hôpitaux' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(OWN);
    await userEvent.click(boxes[1]);
    // The list is asked again for that hospital only.
    const asked = () =>
      api.fetch.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/statistic/all'))
        .map((url) => url.searchParams.get('hospitals'));
    await waitFor(() => expect(asked()).toContain(OWN[1]));
    expect(asked()).not.toContain(OWN[0]);
  });

  it('shows a HOSPITAL user with one hospital no filter, and does not ask for the hospitals', async () => {
    const api = screenFor(['CHU de Lyon']);
    expect(await screen.findByRole('heading', { name: 'Statistiques' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/statistic/all')).toBe(true));
    expect(screen.queryByRole('button', { name: /^Hôpitaux/ })).toBeNull();
    expect(api.calls.some((c) => c.path === '/missions/hospitals')).toBe(false);
  });
});

describe('Status dialog edit conflicts (decision 064)', () => {
  it('sends the version of each selected row and shows a 409 in the dialog, the choice kept', async () => {
    const conflict =
      'Une des statistiques sélectionnées a été modifiée entre-temps (par Sophie Laurent à 11:00) : rechargez la liste avant d’enregistrer.';
    const api = fakeApi({
      'PUT /statistic/change-status': () => ({ status: 409, body: { message: conflict } }),
    });
    const onSaved = vi.fn();
    const [a, b] = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    render(
      <StatusDialog
        selectedIds={[a, b]}
        versions={{ [a]: 3, [b]: 1 }}
        onClose={() => {}}
        onSaved={onSaved}
      />,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Statut facture vol'), 'PAID');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    const dialog = screen.getByRole('dialog', { name: 'Mise à jour du statut' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(conflict);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      selectedIds: [a, b],
      versions: { [a]: 3, [b]: 1 },
      flightStatus: 'PAID',
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Statut facture vol') as HTMLSelectElement).value).toBe('PAID');
  });

  it('says at once that one of the selected rows changed elsewhere, not for a row left out', () => {
    const [a, b, c] = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', 'x'];
    render(<StatusDialog selectedIds={[a, b]} onClose={() => {}} onSaved={() => {}} />);
    act(() => changes.emit({ entity: 'statistic', id: c, action: 'update' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => changes.emit({ entity: 'statistic', id: b, action: 'update' }));
    expect(screen.getByRole('alert').textContent).toBe(CONFLICT_RECORDS.statistics.elsewhere);
  });
});
