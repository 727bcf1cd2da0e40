// @vitest-environment happy-dom
// The incident screens' pieces as a user meets them: the table's 'N.D' and badges, a record's texts with
// the proposed action and nothing before it (HTML shown as text), the propose dialog refusing a blank
// action, save and validate with their toasts and failures, HOSPITAL reading only, the 5 placeholders of
// the follow-up screen, and the menu's open count for staff.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IncidentRecord, IncidentRow } from '../../contract/incidents';
import { COUNTS, fakeApi, renderApp, signedInAs } from '../testing/app';
import { listOf } from '../testing/table';
import { Toasts } from '../ui/toast';
import { IncidentCard } from './incident-card';
import { IncidentTable } from './incident-table';

const MISSION = '00000000-0000-4000-8000-0000000000aa';
const row = (more: Partial<IncidentRow> = {}): IncidentRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  missionId: MISSION,
  tripNumber: '24012',
  status: 'OPEN',
  createdAt: '2026-03-09T22:30:00Z',
  hospital: 'CHU de Lyon',
  incidentCategory: 'Sécurité des vols',
  title: 'Impact aviaire',
  ...more,
});
const record = (more: Partial<IncidentRecord> = {}): IncidentRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  missionId: MISSION,
  createdAt: '2026-03-09T22:30:00Z',
  tripNumber: '24012',
  incidentCategory: 'Sécurité des vols',
  title: 'Impact aviaire',
  description: 'Oiseau sur le bord d’attaque.',
  cause: 'Volatiles en bout de piste.',
  response: null,
  status: 'OPEN',
  filesUrls: [{ name: 'Rapport.pdf', path: 'http://localhost:8787/api/files/abc' }],
  version: 1,
  ...more,
});
const detail = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return (dt.nextElementSibling as HTMLElement).textContent;
};

describe('Incident table', () => {
  it("shows the rows with Paris dates, badges and 'N.D' for an unknown mission; titles open the follow-up", () => {
    render(
      <IncidentTable
        list={listOf([
          row(),
          row({
            id: '00000000-0000-4000-8000-000000000002',
            missionId: null,
            tripNumber: null,
            hospital: null,
            status: 'CLOSED',
            title: 'Accès au tarmac',
          }),
        ])}
      />,
    );
    const table = screen.getByRole('table', { name: 'Incidents' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Date de déclaration',
      'N° de mission',
      'Hôpital',
      'Catégorie',
      'Titre',
      'Statut',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0])).toEqual([
      '09/03/2026 23:30',
      '24012',
      'CHU de Lyon',
      'Sécurité des vols',
      'Impact aviaire',
      'Ouvert',
    ]);
    expect(cells(rows[1])).toEqual([
      '09/03/2026 23:30',
      'N.D',
      '-',
      'Sécurité des vols',
      'Accès au tarmac',
      'Clôturé',
    ]);
    expect(screen.getByRole('link', { name: 'Impact aviaire' }).getAttribute('href')).toBe(
      `/incident-details/${MISSION}`,
    );
    expect(screen.getByRole('link', { name: 'Accès au tarmac' }).getAttribute('href')).toBe(
      '/incident-details/00000000-0000-4000-8000-000000000002',
    );
  });

  it('says when nothing matches', () => {
    render(<IncidentTable list={listOf([])} />);
    expect(screen.getByText('Aucun incident trouvé')).toBeTruthy();
  });
});

describe('Incident record', () => {
  it('shows every field, the files in a new tab, and the proposed action with no word before it', () => {
    fakeApi();
    const html = '<script>alert(1)</script><b>Revoir</b> la check-list';
    render(<IncidentCard record={record({ response: html })} staff />);
    expect(detail('Date de déclaration')).toBe('09/03/2026 23:30');
    expect(detail('N° de mission')).toBe('24012');
    expect(detail('Catégorie')).toBe('Sécurité des vols');
    expect(detail('Titre')).toBe('Impact aviaire');
    expect(detail('Description détaillée')).toBe('Oiseau sur le bord d’attaque.');
    expect(detail('Causes présumées')).toBe('Volatiles en bout de piste.');
    // Exactly the text, shown as text: no stray word, no markup.
    expect(screen.getByTestId('incident-response').textContent).toBe(html);
    expect(screen.getByTestId('incident-response').querySelector('script, b')).toBeNull();
    const file = screen.getByRole('link', { name: 'Rapport.pdf' });
    expect(file.getAttribute('target')).toBe('_blank');
    expect(file.getAttribute('rel')).toContain('noopener');
  });

  it("shows 'N.D' for a record whose mission is unknown", () => {
    fakeApi();
    render(<IncidentCard record={record({ tripNumber: null, missionId: null })} staff />);
    expect(detail('N° de mission')).toBe('N.D');
  });

  it('hides both actions from HOSPITAL', () => {
    fakeApi();
    render(<IncidentCard record={record({ response: 'Revoir' })} staff={false} />);
    expect(screen.queryByRole('button', { name: 'PROPOSER UNE ACTION' })).toBeNull();
    expect(screen.queryByRole('button', { name: "VALIDER L'ACTION" })).toBeNull();
  });

  it('disables and greys validation once closed', () => {
    fakeApi();
    render(<IncidentCard record={record({ response: 'Revoir', status: 'CLOSED' })} staff />);
    const validate = screen.getByRole('button', { name: "VALIDER L'ACTION" }) as HTMLButtonElement;
    expect(validate.disabled).toBe(true);
    expect(validate.className.split(' ').length).toBeGreaterThan(1);
    expect((screen.getByRole('button', { name: 'PROPOSER UNE ACTION' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('Clôturé')).toBeTruthy();
  });

  it('refuses a blank action, saves a trimmed one, then validates it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`PUT /incidents/details/${record().id}`]: ({ body }) => ({
        body: { data: record({ response: (body as { response: string }).response, version: 2 }) },
      }),
      [`PUT /incidents/validate/${record().id}`]: () => ({ body: { data: record({ status: 'CLOSED' }) } }),
    });
    render(
      <>
        <IncidentCard record={record()} staff />
        <Toasts />
      </>,
    );
    const validate = screen.getByRole('button', { name: "VALIDER L'ACTION" }) as HTMLButtonElement;
    expect(validate.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'PROPOSER UNE ACTION' }));
    const dialog = await screen.findByRole('dialog', { name: 'PROPOSER UNE ACTION' });
    const text = within(dialog).getByRole('textbox', { name: 'Action proposée' }) as HTMLTextAreaElement;
    expect(text.getAttribute('rows')).toBe('4');
    await user.type(text, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    expect(within(dialog).getByText('Obligatoire')).toBeTruthy();
    // The focus goes to the field to fix, as in the other forms, not left on 'Sauvegarder'.
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.type(text, ' Revoir la check-list ');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Made on the version the record was read at (decision 064).
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      response: 'Revoir la check-list',
      version: 1,
    });
    expect(screen.getByTestId('incident-response').textContent).toBe('Revoir la check-list');
    expect(await screen.findByText('Action enregistrée')).toBeTruthy();
    expect(validate.disabled).toBe(false);
    await user.click(validate);
    expect(await screen.findByText('Action validée')).toBeTruthy();
    // The validation names the action the user read, and the version the save answered.
    expect(api.calls.find((c) => c.path === `/incidents/validate/${record().id}`)?.body).toEqual({
      response: 'Revoir la check-list',
      version: 2,
    });
    expect(screen.getByText('Clôturé')).toBeTruthy();
    expect(validate.disabled).toBe(true);
  });

  it('keeps the dialog open and shows the server’s message when saving fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      [`PUT /incidents/details/${record().id}`]: () => ({
        status: 409,
        body: { message: 'Cet incident est déjà clôturé' },
      }),
    });
    render(
      <>
        <IncidentCard record={record()} staff />
        <Toasts />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'PROPOSER UNE ACTION' }));
    const dialog = await screen.findByRole('dialog', { name: 'PROPOSER UNE ACTION' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Action proposée' }), 'Revoir');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText('Cet incident est déjà clôturé')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'PROPOSER UNE ACTION' })).toBeTruthy();
    expect(screen.getByTestId('incident-response').textContent).toBe('-');
  });

  it('shows a 409 for a record changed meanwhile in the dialog, which keeps its text (decision 064)', async () => {
    const user = userEvent.setup();
    const conflict =
      'Cet incident a été modifié entre-temps (par Claire Dubois à 11:00) : rechargez-le avant d’enregistrer.';
    const api = fakeApi({
      [`PUT /incidents/details/${record().id}`]: () => ({ status: 409, body: { message: conflict } }),
    });
    render(
      <>
        <IncidentCard record={record({ version: 5 })} staff />
        <Toasts />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'PROPOSER UNE ACTION' }));
    const dialog = await screen.findByRole('dialog', { name: 'PROPOSER UNE ACTION' });
    const text = within(dialog).getByRole('textbox', { name: 'Action proposée' }) as HTMLTextAreaElement;
    await user.type(text, 'Revoir');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(conflict);
    // Shown once, in the dialog, not again as a toast.
    expect(screen.getAllByText(conflict)).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ response: 'Revoir', version: 5 });
    expect(text.value).toBe('Revoir');
    expect(screen.getByTestId('incident-response').textContent).toBe('-');
  });
});

describe('Incident screens in the app', () => {
  it("shows 'SUIVI DE L'INCIDENT' with a back arrow and 5 placeholders while the records load", async () => {
    fakeApi({ ...COUNTS, [`GET /incidents/details/${MISSION}`]: () => new Promise(() => {}) as never });
    renderApp(`/incident-details/${MISSION}`, signedInAs('OPERATION'));
    expect(
      await screen.findByRole('heading', { name: /SUIVI DE L'INCIDENT$/ }, { timeout: 5000 }),
    ).toBeTruthy();
    // The arrow is the SVG icon, not a text glyph.
    const back = screen.getByRole('button', { name: 'Retour' });
    expect(back.querySelector('svg')).toBeTruthy();
    expect(back.textContent).toBe('');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(5);
  });

  it('shows staff the number of open incidents in the menu, and HOSPITAL no count', async () => {
    fakeApi({ ...COUNTS, 'GET /incidents/open-count': () => ({ body: { data: { open: 3 } } }) });
    renderApp('/incidents', signedInAs('OPERATION'));
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: /Incidents/ }).textContent).toBe('Incidents(3)'),
    );
    cleanup();
    const api = fakeApi({ 'GET /incidents': () => ({ body: { data: { rows: [], pageCount: 0 } } }) });
    renderApp('/incidents', signedInAs('HOSPITAL'));
    const hospitalMenu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(hospitalMenu).getByRole('link', { name: 'Incidents' }).textContent).toBe('Incidents');
    expect(api.calls.some((c) => c.path === '/incidents/open-count')).toBe(false);
  });
});
