// @vitest-environment happy-dom
// The price screens as a user sees them: the add and edit dialog (the contract's French messages, dates
// prefilled as days, the focus on the first invalid field, the server's message, the buttons waiting),
// and the screen (ADMIN adds and edits, OPERATION only reads; euros and dd/MM/yyyy; new row first, edited
// row in place; the airport search).
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/auth';
import { CONFLICT_RECORDS } from '../../contract/conflicts';
import { PRICE_MESSAGES, PRICE_PATHS } from '../../contract/prices';
import { changes } from '../live';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';
import { PriceFormDialog, type PriceRow } from './price-form-dialog';
import { PRICE_VIEWS } from './tables';

const ID = '00000000-0000-4000-8000-0000000000a1';
const airport: PriceRow = {
  id: ID,
  fromDate: '2024-01-01',
  toDate: '2024-12-31',
  icaoCode: 'LFBD',
  airportName: 'Bordeaux-Mérignac',
  priceWithDeIcing: 920,
  priceWithoutDeIcing: 5450.5,
  version: 3,
};

function dialog(row: PriceRow | null, table: keyof typeof PRICE_VIEWS = 'airportCost') {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nProvider locale="fr-FR">
      <PriceFormDialog view={PRICE_VIEWS[table]} row={row} onClose={onClose} onSaved={onSaved} />
    </I18nProvider>,
  );
  return { onSaved, onClose, user: userEvent.setup() };
}

/** The day shown by a day field, as its segments read: 'dd/MM/yyyy'. */
const dayShown = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');

async function typeDay(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  await user.click(within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton')[0]);
  await user.keyboard(digits);
}

describe('Price dialog', () => {
  it('focuses its first field, refuses an empty form with the French messages and focuses the first invalid field', async () => {
    const api = fakeApi();
    const { user } = dialog(null);
    expect(screen.getByRole('dialog', { name: `Ajouter prix : Coût de l'aéroport` })).toBeTruthy();
    const icao = screen.getByLabelText('Code OACI');
    await waitFor(() => expect(document.activeElement).toBe(icao));
    await user.type(screen.getByLabelText("Nom de l'aéroport"), 'Bordeaux');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getAllByText(PRICE_MESSAGES.required)).toHaveLength(5);
    expect(icao.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(icao));
    // Fixed in order: the focus moves on to the next invalid field, the start date.
    await user.type(icao, 'lfbd');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    const fromDate = within(screen.getByRole('group', { name: 'Date de début' })).getAllByRole('spinbutton');
    await waitFor(() => expect(document.activeElement).toBe(fromDate[0]));
    expect(api.calls).toEqual([]);
  });

  it('puts the date order message on the end date, and refuses a bad ICAO code and a third decimal', async () => {
    const api = fakeApi();
    const { user } = dialog(null);
    await user.type(screen.getByLabelText('Code OACI'), 'LF1');
    await user.type(screen.getByLabelText("Nom de l'aéroport"), 'Bordeaux');
    await typeDay(user, 'Date de début', '01062024');
    await typeDay(user, 'Date de fin', '01062024');
    await user.type(screen.getByLabelText('Prix avec dégivrage (€)'), '12,345');
    await user.type(screen.getByLabelText('Prix sans dégivrage (€)'), '0');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    // Under the end date, the field of the message (requirements §5).
    const endDate = screen.getByRole('group', { name: 'Date de fin' }).parentElement as HTMLElement;
    expect(within(endDate).getByText(PRICE_MESSAGES.dateOrder)).toBeTruthy();
    expect(screen.getAllByText(PRICE_MESSAGES.dateOrder)).toHaveLength(1);
    expect(screen.getByText(PRICE_MESSAGES.icao)).toBeTruthy();
    expect(screen.getByText(PRICE_MESSAGES.priceDecimals)).toBeTruthy();
    expect(screen.getByText(PRICE_MESSAGES.pricePositive)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Code OACI'));
    expect(api.calls).toEqual([]);
  });

  it('prefills an edit with the row: dates as days, amounts with a decimal comma', async () => {
    fakeApi({
      [`PUT ${PRICE_PATHS.airportCost.edit}`]: () => ({
        body: { data: { ...airport, priceWithDeIcing: 0 } },
      }),
    });
    const { user, onSaved } = dialog(airport);
    expect(
      screen.getByRole('dialog', { name: 'Modifier le prix LFBD du 01/01/2024 au 31/12/2024' }),
    ).toBeTruthy();
    expect(dayShown('Date de début')).toBe('01/01/2024');
    expect(dayShown('Date de fin')).toBe('31/12/2024');
    expect((screen.getByLabelText('Code OACI') as HTMLInputElement).value).toBe('LFBD');
    expect((screen.getByLabelText('Prix avec dégivrage (€)') as HTMLInputElement).value).toBe('920,00');
    expect((screen.getByLabelText('Prix sans dégivrage (€)') as HTMLInputElement).value).toBe('5450,50');
    // On edit, the price with de-icing may be 0 (requirements §5).
    await user.clear(screen.getByLabelText('Prix avec dégivrage (€)'));
    await user.type(screen.getByLabelText('Prix avec dégivrage (€)'), '0');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...airport, priceWithDeIcing: 0 }));
  });

  it("sends the checked values and shows the server's message, or the generic one; buttons wait meanwhile", async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      [`POST ${PRICE_PATHS.regulationCost.create}`]: () => ({
        status: 409,
        body: { message: 'Cette période chevauche celle du 01/01/2024 au 31/12/2024.' },
      }),
    });
    const { user, onSaved } = dialog(null, 'regulationCost');
    await typeDay(user, 'Date de début', '01062024');
    await typeDay(user, 'Date de fin', '30062024');
    await user.type(screen.getByLabelText('Prix (€)'), '385,5');
    // Hold the answer to see the buttons wait.
    const original = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return original(...args);
    });
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ajouter' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveProperty('disabled', true);
    release();
    expect(
      await screen.findByText('Cette période chevauche celle du 01/01/2024 au 31/12/2024.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toHaveProperty('disabled', false);
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: PRICE_PATHS.regulationCost.create,
        body: { fromDate: '2024-06-01', toDate: '2024-06-30', price: 385.5 },
      },
    ]);
    expect(onSaved).not.toHaveBeenCalled();

    api.fetch.mockImplementationOnce(
      async () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(MESSAGES.generic)).toBeTruthy();
  });
});

describe('Price edit conflicts (decision 064)', () => {
  it('sends the version it was opened on and shows a 409 in the dialog, the input kept', async () => {
    const conflict =
      'Ce prix a été modifié entre-temps (par Claire Dubois à 11:00) : rechargez-le avant d’enregistrer.';
    const api = fakeApi({
      [`PUT ${PRICE_PATHS.airportCost.edit}`]: () => ({ status: 409, body: { message: conflict } }),
    });
    const { user, onSaved } = dialog(airport);
    const name = screen.getByLabelText("Nom de l'aéroport") as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Mérignac');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe(conflict);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: ID,
      airportName: 'Mérignac',
      version: 3,
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(name.value).toBe('Mérignac');
  });

  it('says at once that the row changed elsewhere: its own table only', () => {
    dialog(airport);
    act(() => changes.emit({ entity: 'flightUnitCost', id: ID, action: 'update' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => changes.emit({ entity: 'airportCost', id: ID, action: 'update' }));
    expect(screen.getByRole('alert').textContent).toBe(CONFLICT_RECORDS.price.elsewhere);
  });
});

describe('Price dialog after a refusal', () => {
  const OVERLAP = 'Cette période chevauche celle du 01/01/2024 au 31/12/2024.';
  const refused = () =>
    fakeApi({ [`PUT ${PRICE_PATHS.airportCost.edit}`]: () => ({ status: 409, body: { message: OVERLAP } }) });

  it("drops the server's overlap message when a new client-side error shows", async () => {
    const api = refused();
    const { user } = dialog(airport);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText(OVERLAP)).toBeTruthy();
    // Now a mistake the form itself catches: only its message is on screen.
    await user.clear(screen.getByLabelText("Nom de l'aéroport"));
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText(PRICE_MESSAGES.required)).toBeTruthy();
    expect(screen.queryByText(OVERLAP)).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it("drops the server's message as soon as the user edits a field", async () => {
    refused();
    const { user } = dialog(airport);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText(OVERLAP)).toBeTruthy();
    await user.type(screen.getByLabelText("Nom de l'aéroport"), ' 2');
    expect(screen.queryByText(OVERLAP)).toBeNull();
  });
});

describe('Price screen', () => {
  const rows = [
    airport,
    {
      ...airport,
      id: `${ID.slice(0, -1)}2`,
      fromDate: '2023-01-01',
      toDate: '2023-12-31',
      priceWithoutDeIcing: 370.99,
    },
  ];
  const api = (more = {}) =>
    fakeApi({
      ...COUNTS,
      [`GET ${PRICE_PATHS.airportCost.list}`]: () => ({ body: { data: { rows, pageCount: 1 } } }),
      ...more,
    });
  // The screen's chunk loads on demand: slow on a busy machine.
  const table = () => screen.findByRole('table', { name: "Coût de l'aéroport" }, { timeout: 5000 });
  const firstCells = async () =>
    within((await table()).querySelectorAll('tbody tr')[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);

  it('shows OPERATION the table in French formats, with the search, without add or edit', async () => {
    api();
    renderApp('/airport-cost', signedInAs('OPERATION'));
    await within(await table()).findAllByText('LFBD', {}, { timeout: 3000 });
    expect(await firstCells()).toEqual([
      'LFBD',
      'Bordeaux-Mérignac',
      '01/01/2024',
      '31/12/2024',
      '920,00\u00a0€',
      '5\u202f450,50\u00a0€',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Rechercher par code OACI' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter prix' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Modifier le prix/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('lets ADMIN add a price, shown first, and edit one, replaced where it stands', async () => {
    const added = {
      ...airport,
      id: `${ID.slice(0, -1)}3`,
      icaoCode: 'LFPG',
      airportName: 'Paris-CDG',
      fromDate: '2022-01-01',
      toDate: '2022-12-31',
    };
    api({
      [`POST ${PRICE_PATHS.airportCost.create}`]: () => ({ status: 201, body: { data: added } }),
      [`PUT ${PRICE_PATHS.airportCost.edit}`]: ({ body }: { body: unknown }) => ({ body: { data: body } }),
    });
    const user = userEvent.setup();
    renderApp('/airport-cost', signedInAs('ADMIN'));
    await within(await table()).findAllByText('LFBD', {}, { timeout: 3000 });
    await user.click(await screen.findByRole('button', { name: 'Ajouter prix' }));
    const add = screen.getByRole('dialog', { name: /^Ajouter prix/ });
    await user.type(within(add).getByLabelText('Code OACI'), 'lfpg');
    await user.type(within(add).getByLabelText("Nom de l'aéroport"), 'Paris-CDG');
    await typeDay(user, 'Date de début', '01012022');
    await typeDay(user, 'Date de fin', '31122022');
    await user.type(within(add).getByLabelText('Prix avec dégivrage (€)'), '920');
    await user.type(within(add).getByLabelText('Prix sans dégivrage (€)'), '5450,5');
    await user.click(within(add).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await firstCells()).slice(0, 2)).toEqual(['LFPG', 'Paris-CDG']);

    await user.click(
      screen.getByRole('button', { name: 'Modifier le prix LFBD du 01/01/2023 au 31/12/2023' }),
    );
    const edit = screen.getByRole('dialog', { name: /^Modifier le prix/ });
    await user.clear(within(edit).getByLabelText("Nom de l'aéroport"));
    await user.type(within(edit).getByLabelText("Nom de l'aéroport"), 'Mérignac');
    await user.click(within(edit).getByRole('button', { name: 'Modifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const names = [...(await table()).querySelectorAll('tbody tr')].map((r) => r.children[1].textContent);
    expect(names).toEqual(['Paris-CDG', 'Bordeaux-Mérignac', 'Mérignac']);
  });

  it('shows the loading rows while the page is on its way', async () => {
    const { fetch } = fakeApi(COUNTS);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input).includes(PRICE_PATHS.flightUnitCost.list)
        ? new Promise<never>(() => {})
        : answer(input, init),
    );
    renderApp('/unit-flight-cost', signedInAs('ADMIN'));
    expect(await screen.findByText('Chargement…', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Turbopropulseur avec OCS' })).toBeTruthy();
  });

  it('tells an empty table and a failed one', async () => {
    fakeApi({
      ...COUNTS,
      [`GET ${PRICE_PATHS.marketNumber.list}`]: () => ({ body: { data: { rows: [], pageCount: 0 } } }),
    });
    renderApp('/market-number', signedInAs('ACCOUNTING'));
    expect(await screen.findByText('Aucun prix trouvé', {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    fakeApi({ ...COUNTS, [`GET ${PRICE_PATHS.regulationCost.list}`]: () => ({ status: 500, body: {} }) });
    renderApp('/regulation-cost', signedInAs('ADMIN'));
    expect(await screen.findByText(MESSAGES.generic, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
