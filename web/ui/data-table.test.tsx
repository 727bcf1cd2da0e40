// @vitest-environment happy-dom
// The shared table's states: skeleton while the first page loads, old rows greyed and the pager disabled
// while another loads, the list's empty words, the error with a retry, rows through the column renderers, the sort indicator, and the focusable named scroll frame.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listOf } from '../testing/table';
import { type Column, DataTable, type TableList } from './data-table';

type Row = { id: string; name: string; amount: number | null };
const columns: Column<Row>[] = [
  { id: 'name', header: 'Nom', cell: (r) => r.name, sortable: true },
  { id: 'amount', header: 'Montant', cell: (r) => r.amount ?? '-', align: 'end', width: 120 },
];
const list = (more: Partial<TableList<Row>> = {}): TableList<Row> =>
  listOf<Row>([], { empty: false, ...more });
const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(<DataTable label="Prix" columns={columns} list={list()} emptyText="Aucun prix" {...props} />);

describe('DataTable', () => {
  it('shows skeleton rows and a status while the first page loads', () => {
    table({ list: list({ loading: true }) });
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.getByTestId('table-skeleton').children.length).toBe(5);
    expect(screen.getByRole('table', { name: 'Prix' }).getAttribute('aria-busy')).toBe('true');
  });

  it('greys the old rows and disables the pager while another page loads', async () => {
    const goTo = vi.fn();
    table({
      list: list({
        rows: [{ id: '1', name: 'Repas', amount: 5 }],
        loading: true,
        pageNumber: 2,
        pageCount: 3,
        goTo,
      }),
    });
    const body = screen.getAllByRole('rowgroup')[1];
    expect(body.getAttribute('data-stale')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.queryByTestId('table-skeleton')).toBeNull();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const buttons = within(pager).getAllByRole('button');
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(goTo).not.toHaveBeenCalled();
  });

  it('keeps a column marked sticky at the end apart from the others', () => {
    table({
      columns: [...columns, { id: 'actions', header: 'Actions', cell: () => 'x', sticky: 'end' }],
      list: list({ rows: [{ id: '1', name: 'Repas', amount: 5 }] }),
    });
    const [name, , actions] = screen.getAllByRole('cell');
    expect(actions.className).not.toBe(name.className);
    expect(screen.getAllByRole('rowgroup')[1].getAttribute('data-stale')).toBeNull();
  });

  it('cuts a one-line cell at its width, the whole text in its title and in the cell', () => {
    const long = 'Hospices Civils de Lyon – Hôpital Édouard Herriot, pavillon de chirurgie';
    table({
      columns: [
        { id: 'name', header: 'Nom', cell: (r) => r.name, oneLine: 200 },
        {
          id: 'amount',
          header: 'Montant',
          cell: (r) => <b>{r.amount}</b>,
          oneLine: 80,
          text: (r) => `${r.amount} €`,
        },
      ],
      list: list({ rows: [{ id: '1', name: long, amount: 5 }] }),
    });
    const [name, amount] = screen.getAllByRole('cell');
    const cut = name.querySelector('[title]') as HTMLElement;
    expect(cut.title).toBe(long);
    expect(cut.style.maxWidth).toBe('200px');
    expect(name.textContent).toBe(long);
    expect((amount.querySelector('[title]') as HTMLElement).title).toBe('5 €');
  });

  it("tells an empty list in the list's own words", () => {
    table({ list: list({ empty: true }) });
    expect(screen.getByText('Aucun prix')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the error and retries', async () => {
    const reload = vi.fn();
    table({ list: list({ failed: true, error: 'Erreur serveur', reload }) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Erreur serveur');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('renders rows through the column renderers, with headers and the page navigator', async () => {
    const goTo = vi.fn();
    table({
      list: list({ rows: [{ id: '1', name: 'Repas', amount: null }], pageCount: 3, goTo }),
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nom', 'Montant']);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Repas', '-']);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(goTo).toHaveBeenCalledWith(2);
  });

  it('asks for a sort on a sortable column and shows its direction', async () => {
    const onSort = vi.fn();
    table({ sort: { column: 'name', direction: 'ascending' }, onSort });
    const header = screen.getByRole('columnheader', { name: /Nom/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith({ column: 'name', direction: 'descending' });
  });

  it('lets the keyboard reach the scroll frame, named after the table', () => {
    table();
    const frame = screen.getByRole('region', { name: 'Tableau Prix' });
    expect(frame.tabIndex).toBe(0);
  });
});
