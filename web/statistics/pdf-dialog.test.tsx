// @vitest-environment happy-dom
// The 'Mise à jour PDF' dialog from the keyboard: after 'Supprimer le pdf/id' the focus stays in the
// dialog and Escape still closes it; Escape on the confirmation goes back to the form as 'Non' does, with
// the chosen file kept; the file is chosen through the 'Sélectionner le fichier pdf' button (no native
// file control on screen).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STATISTIC_MESSAGES, type StatisticRow } from '../../contract/statistics';
import { PdfDialog } from './pdf-dialog';

const row = {
  id: '00000000-0000-4000-8000-0000000000aa',
  flightInvoicePdf: true,
  flightInvoiceNumber: 'FV-0',
  airportInvoicePdf: false,
  airportInvoiceNumber: null,
  disableAirportPdfUpload: false,
} as unknown as StatisticRow;

const PDF = new File(['%PDF-1.4\n%%EOF\n'], 'facture-vol.pdf', { type: 'application/pdf' });

/** A fetch whose answers the test releases one by one: each call waits until `answer()`. */
function heldFetch() {
  const waiting: Array<{ path: string; method: string; release: (r: Response) => void }> = [];
  const fetch = vi.fn(
    (input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((release) => {
        const url = new URL(String(input), 'http://localhost');
        waiting.push({ path: url.pathname, method: (init.method ?? 'GET').toUpperCase(), release });
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    waiting,
    answer: async (status = 200, body: unknown = { data: {} }) => {
      const call = waiting.shift();
      if (!call) throw new Error('no call waits');
      await act(async () => {
        call.release(
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        );
      });
      return call;
    },
  };
}

function open() {
  const onClose = vi.fn();
  const onDone = vi.fn();
  render(<PdfDialog row={row} onClose={onClose} onDone={onDone} />);
  const dialog = screen.getByRole('dialog', { name: 'Mise à jour PDF' });
  return { dialog, onClose, onDone };
}

/** Where the focus is: inside the dialog (and not its bare frame), never on <body>. */
const expectFocusInside = (dialog: HTMLElement) => {
  const active = document.activeElement;
  expect(active, 'focus on <body>').not.toBe(document.body);
  expect(dialog.contains(active), `focus outside the dialog: ${active?.outerHTML.slice(0, 80)}`).toBe(true);
  // A disabled control loses the focus in a browser (to <body>), even when the test's DOM keeps it there.
  const disabled = active?.matches(':disabled') || active?.closest('fieldset[disabled]') !== null;
  expect(disabled, 'focus on a disabled control').toBe(false);
};

/** Chooses `file` for the section `title` through its 'Sélectionner le fichier pdf' button. */
async function choose(dialog: HTMLElement, title: string, file: File) {
  const section = within(dialog).getByRole('group', { name: title });
  const trigger = within(section).getByRole('button', { name: 'Sélectionner le fichier pdf' });
  // The trigger's input is the only file input of the section, and it is never shown.
  const input = section.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.style.display).toBe('none');
  const picked = vi.spyOn(input, 'click').mockImplementation(() => {});
  await userEvent.click(trigger);
  expect(picked).toHaveBeenCalled();
  picked.mockRestore();
  await userEvent.upload(input, file);
}

describe('PDF dialog from the keyboard', () => {
  it("keeps the focus inside after 'Supprimer le pdf/id', and Escape still closes", async () => {
    const api = heldFetch();
    const { dialog, onClose, onDone } = open();
    const remove = within(dialog).getByRole('button', { name: 'Supprimer le pdf/id (Facture Vol)' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    expect(api.waiting.map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE /api/statistic/delete-pdf-data/${row.id}/flight`,
    ]);
    // While the delete runs, the focus has not fallen out of the dialog.
    expectFocusInside(dialog);
    await api.answer();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const flight = within(dialog).getByRole('group', { name: 'Facture Vol' });
    expect(flight.textContent).toContain('Identifiant : aucun · PDF : aucun');
    expect(within(dialog).queryByRole('button', { name: /^Supprimer le pdf\/id/ })).toBeNull();
    // The button has gone: the focus moved to the section's file button, in the dialog.
    await waitFor(() => expectFocusInside(dialog));
    expect(document.activeElement).toBe(
      within(flight).getByRole('button', { name: 'Sélectionner le fichier pdf' }),
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('goes back to the form on Escape at the confirmation, with the chosen file kept, as Non does', async () => {
    const api = heldFetch();
    const { dialog, onClose } = open();
    await choose(dialog, 'Facture Vol', PDF);
    const flight = within(dialog).getByRole('group', { name: 'Facture Vol' });
    expect(flight.textContent).toContain('facture-vol.pdf');
    await userEvent.type(within(dialog).getByLabelText('Identifiant facture vol'), 'FV-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText(STATISTIC_MESSAGES.confirmUpload)).toBeTruthy();
    await waitFor(() => expectFocusInside(dialog));

    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).queryByText(STATISTIC_MESSAGES.confirmUpload)).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'Facture Vol' }).textContent).toContain(
      'facture-vol.pdf',
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Identifiant facture vol').value).toBe('FV-1');
    await waitFor(() => expectFocusInside(dialog));

    // 'Non' does the same.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(within(dialog).getByRole('group', { name: 'Facture Vol' }).textContent).toContain(
      'facture-vol.pdf',
    );
    await waitFor(() => expectFocusInside(dialog));

    // And the kept file is the one sent once confirmed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(api.waiting[0]?.path).toBe('/api/media/get-media-path');
    expect(String(vi.mocked(fetch).mock.calls[0][0])).toContain('fileName=facture-vol.pdf');
    expect(onClose).not.toHaveBeenCalled();
  });
});
