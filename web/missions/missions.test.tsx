// @vitest-environment happy-dom
// The mission list's pieces on their own: the table's missing values ('-' and 'N.D'), the filter bar's
// filters handed to the list, and the edit dialog refusing what the contract refuses before any call.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { MISSION_MESSAGES, type MissionRow } from '../../contract/missions';
import { fakeApi } from '../testing/app';
import { listOf } from '../testing/table';
import { MissionEditDialog } from './mission-edit-dialog';
import { MissionFilterBar } from './mission-filter-bar';
import { MissionTable } from './mission-table';

const bare: MissionRow = {
  id: '00000000-0000-0000-0000-0000000000aa',
  tripNumber: null,
  status: 'EN_ATTENTE',
  aircraftType: 'ND',
  buyerName: null,
  numberOfCristal: null,
  organType: [],
  legs: [],
  departureDateTime: null,
  numberOfMeals: null,
  isWithIcing: null,
  isWithOCS: null,
  airportDeIcing: [],
  hasTransportVoucher: false,
  version: 1,
};

describe('Mission table', () => {
  it("shows '-' for a missing value and 'N.D' for a missing number or yes/no", () => {
    render(<MissionTable list={listOf([bare])} staff onEdit={() => {}} onDelete={() => {}} />);
    const cells = within(screen.getByRole('table', { name: 'Missions' }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // N° de mission, hôpital, n° cristal, organes, départ, repas, dégivrage, OCS, bon de transport
    expect([
      cells[0],
      cells[3],
      cells[4],
      cells[5],
      cells[7],
      cells[8],
      cells[9],
      cells[10],
      cells[11],
    ]).toEqual(['N.D', '-', '-', '-', '-', '-', 'N.D', 'N.D', '-']);
    expect(screen.getByRole('button', { name: 'Modifier la mission N.D' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Voir la mission/ })).toBeNull();
  });

  it('shows the itinerary as chained ICAO codes, each naming its airport, the names for screen readers', () => {
    const legs = [
      { adepIcao: 'LFPB', adepName: 'Paris-Le Bourget', adesIcao: 'LFBD', adesName: 'Bordeaux-Mérignac' },
      { adepIcao: 'LFBD', adepName: 'Bordeaux-Mérignac', adesIcao: 'LFML', adesName: 'Marseille Provence' },
      { adepIcao: 'LFMN', adepName: "Nice Côte d'Azur", adesIcao: 'LFPB', adesName: 'Paris-Le Bourget' },
    ];
    render(<MissionTable list={listOf([{ ...bare, legs }])} staff onEdit={() => {}} onDelete={() => {}} />);
    const cell = within(screen.getByRole('table', { name: 'Missions' })).getAllByRole('cell')[6];
    const codes = cell.querySelector('[aria-hidden="true"]');
    // Chained legs joined by the arrow icon (an SVG, not a text glyph), a break by a dot.
    const shown = [...(codes?.querySelectorAll('abbr, svg, span:not(:has(*))') ?? [])].map((el) =>
      el.tagName.toLowerCase() === 'svg' ? '>' : el.textContent,
    );
    expect(shown.join('')).toBe('LFPB>LFBD>LFML·LFMN>LFPB');
    expect([...cell.querySelectorAll('abbr')].map((a) => a.title)).toEqual([
      'Paris-Le Bourget',
      'Bordeaux-Mérignac',
      'Marseille Provence',
      "Nice Côte d'Azur",
      'Paris-Le Bourget',
    ]);
    expect(cell.textContent).toContain(
      'Paris-Le Bourget vers Bordeaux-Mérignac, Bordeaux-Mérignac vers Marseille',
    );
  });

  it('offers no edit or delete to a HOSPITAL user', () => {
    render(<MissionTable list={listOf([bare])} staff={false} onEdit={() => {}} onDelete={() => {}} />);
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it("tells an empty list with the spec's words", () => {
    render(<MissionTable list={listOf([])} staff onEdit={() => {}} onDelete={() => {}} />);
    expect(screen.getByText(MISSION_MESSAGES.empty)).toBeTruthy();
  });
});

describe('Mission filter bar', () => {
  const bar = (category: 'requested' | 'completed', staff = true, hospitals = ['CHU de Lyon']) => {
    const api = fakeApi({
      'GET /missions/hospitals': () => ({ body: { data: hospitals.map((name) => ({ name })) } }),
    });
    const onFilters = vi.fn();
    const onSearch = vi.fn();
    render(
      <I18nProvider locale="fr-FR">
        <MissionFilterBar
          category={category}
          staff={staff}
          search=""
          onSearch={onSearch}
          onFilters={onFilters}
        />
      </I18nProvider>,
    );
    return { onFilters, onSearch, api };
  };

  it('keeps the chosen quick filter pressed and hands its status to the list', async () => {
    const { onFilters } = bar('requested');
    const programmed = screen.getByRole('button', { name: 'Programmée' });
    await userEvent.click(programmed);
    expect(programmed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Toutes' }).getAttribute('aria-pressed')).toBe('false');
    expect(onFilters).toHaveBeenLastCalledWith({ statusNeeded: 'PROGRAMMEE' });
    await userEvent.click(screen.getByRole('button', { name: 'Toutes' }));
    expect(onFilters).toHaveBeenLastCalledWith({ statusNeeded: undefined });
  });

  it('shows the quick filters only on the requested list, and the hospitals only to staff', () => {
    bar('completed', false);
    expect(screen.queryByRole('button', { name: 'Programmée' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Filtres/ })).toBeNull();
  });

  it('shows a HOSPITAL user with several hospitals the filter, with only its own hospitals', async () => {
    const own = ['CHU de Bordeaux – Hôpital Pellegrin', 'CHU de Bordeaux – Groupe hospitalier Sud'];
    bar('completed', false, own);
    const filters = await screen.findByRole('button', { name: /Filtres/ });
    await userEvent.click(filters);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(own);
  });

  it('lets a HOSPITAL user with two hospitals filter the list by one of them (decision 024)', async () => {
    const own = ['AP-HM Hôpital de la Timone', 'AP-HP Hôpital Européen Georges-Pompidou'];
    const { onFilters } = bar('requested', false, own);
    await userEvent.click(await screen.findByRole('button', { name: 'Hôpitaux : Tous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hôpitaux' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: own[0] }));
    expect(onFilters).toHaveBeenLastCalledWith({ hospitals: own[0] });
  });

  it('shows a HOSPITAL user with one hospital no hospitals filter, once its hospitals are known', async () => {
    const { api } = bar('requested', false, ['CHU de Bordeaux – Hôpital Pellegrin']);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/missions/hospitals')).toBe(true));
    // The answer has been applied: a staff bar shows the filter by the same time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /^Hôpitaux/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Filtres/ })).toBeNull();
  });

  it('passes the search text on', async () => {
    const { onSearch } = bar('completed');
    await userEvent.type(screen.getByLabelText('Rechercher'), 'L');
    expect(onSearch).toHaveBeenCalledWith('L');
  });
});

describe('Mission edit dialog', () => {
  it('refuses a non-integer meal count and no organ before any call', async () => {
    const api = fakeApi();
    render(
      <MissionEditDialog
        row={{ ...bare, tripNumber: 'T-1', numberOfMeals: 2, isWithIcing: false, isWithOCS: false }}
        onClose={() => {}}
        onDone={() => {}}
      />,
    );
    const meals = screen.getByLabelText('Plateaux repas');
    await userEvent.clear(meals);
    await userEvent.type(meals, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(meals.getAttribute('aria-invalid')).toBe('true');
    // The spec's words only (§5): the meal count and the organs both read 'Obligatoire'.
    expect(screen.getAllByText(MISSION_MESSAGES.required).length).toBeGreaterThanOrEqual(2);
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("answers 0 cristal with the spec's message, and sends numbers and booleans", async () => {
    const api = fakeApi({ 'PUT /missions/edit/': ({ body }) => ({ body: { data: body } }) });
    const onSaved = vi.fn();
    render(
      <MissionEditDialog
        row={{
          ...bare,
          tripNumber: 'T-2',
          numberOfCristal: 1,
          organType: ['FOIE'],
          aircraftType: 'JET',
          numberOfMeals: 2,
          isWithIcing: false,
          isWithOCS: true,
        }}
        onClose={() => {}}
        onDone={onSaved}
      />,
    );
    const cristal = screen.getByLabelText('Nombre de cristals');
    await userEvent.clear(cristal);
    await userEvent.type(cristal, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText(MISSION_MESSAGES.cristalInteger)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.clear(cristal);
    await userEvent.type(cristal, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      numberOfCristal: 3,
      numberOfMeals: 2,
      isWithIcing: false,
      isWithOCS: true,
      organType: 'FOIE',
      version: 1,
    });
  });

  it('sends the version it was opened on and shows a 409 in the dialog, the input kept (decision 064)', async () => {
    const conflict =
      'Cette mission a été modifiée entre-temps (par Claire Dubois à 11:00) : rechargez-la avant d’enregistrer.';
    const api = fakeApi({ 'PUT /missions/edit/': () => ({ status: 409, body: { message: conflict } }) });
    const onSaved = vi.fn();
    render(
      <MissionEditDialog
        row={{
          ...bare,
          tripNumber: 'T-3',
          numberOfCristal: 1,
          organType: ['FOIE'],
          aircraftType: 'JET',
          numberOfMeals: 2,
          isWithIcing: false,
          isWithOCS: true,
          version: 7,
        }}
        onClose={() => {}}
        onDone={onSaved}
      />,
    );
    const cristal = screen.getByLabelText('Nombre de cristals');
    await userEvent.clear(cristal);
    await userEvent.type(cristal, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(conflict);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ numberOfCristal: 5, version: 7 });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByLabelText('Nombre de cristals') as HTMLInputElement).value).toBe('5');
  });
});
