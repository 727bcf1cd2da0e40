// @vitest-environment happy-dom
// The period field inside a screen that renders again (a list's answer, a keystroke in the search box):
// what the user typed stays, and the range goes to the handler the screen gave last, not to an old one.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeFilter, type DayRange, PERIOD_FIELD_MESSAGES } from './date-range-filter';

/** A screen that renders again at each press of its button, handing the field a new handler that knows how many. */
function Screen({ seen }: { seen: Array<[number, DayRange | null]> }) {
  const [answers, setAnswers] = useState(0);
  return (
    <I18nProvider locale="fr-FR">
      <button type="button" onClick={() => setAnswers(answers + 1)}>
        Réponse {answers}
      </button>
      <DateRangeFilter onChange={(range) => seen.push([answers, range])} />
    </I18nProvider>
  );
}

describe('DateRangeFilter in a screen that renders again', () => {
  it('keeps the typed dates and reports the range to the latest handler', async () => {
    const seen: Array<[number, DayRange | null]> = [];
    render(<Screen seen={seen} />);
    const parts = await spinButtons();
    await userEvent.click(parts[0]);
    await userEvent.keyboard('01022024');
    await userEvent.click(screen.getByRole('button', { name: 'Réponse 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Réponse 1' }));
    expect(parts.slice(0, 3).map((p) => p.textContent)).toEqual(['01', '02', '2024']);

    await userEvent.click(parts[3]);
    await userEvent.keyboard('31032024');
    expect(seen.at(-1)).toEqual([2, { startDate: '2024-02-01', endDate: '2024-03-31' }]);
  });

  it('reports a reversed range as none, with what is wrong with it', async () => {
    const seen: Array<[DayRange | null, string | undefined]> = [];
    render(
      <I18nProvider locale="fr-FR">
        <DateRangeFilter onChange={(range, problem) => seen.push([range, problem])} />
      </I18nProvider>,
    );
    const parts = await spinButtons();
    await userEvent.click(parts[0]);
    await userEvent.keyboard('10022024');
    await userEvent.click(parts[3]);
    await userEvent.keyboard('01022024');
    expect(seen.at(-1)).toEqual([null, PERIOD_FIELD_MESSAGES.order]);
    // Said as it appears.
    expect(screen.getByRole('alert').textContent).toBe(PERIOD_FIELD_MESSAGES.order);
    await userEvent.click(screen.getByRole('button', { name: 'Effacer la période' }));
    expect(seen.at(-1)).toEqual([null, undefined]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the period it starts with', async () => {
    renderMarch2025();
    const parts = await spinButtons();
    expect(parts.map((p) => p.textContent)).toEqual(['01', '03', '2025', '31', '03', '2025']);
  });
});

describe('DateRangeFilter on a screen’s first frame', () => {
  it('draws an inert outline with the same dates, then the picker in its place', async () => {
    const { container } = renderMarch2025();
    const outline = container.querySelector('[data-period-outline]');
    expect(outline?.getAttribute('aria-hidden')).toBe('true');
    expect(outline?.hasAttribute('inert')).toBe(true);
    expect(outline?.textContent).toBe('Période01/03/2025–31/03/2025');
    expect(screen.queryByRole('group', { name: 'Période' })).toBeNull();

    await spinButtons();
    expect(container.querySelector('[data-period-outline]')).toBeNull();
    expect(screen.getByRole('group', { name: 'Période' }).textContent).toContain('01/03/2025–31/03/2025');
  });
});

describe('DateRangeFilter drawn in short tasks', () => {
  it('draws the picker with its two dates as hidden outlines, then each date’s field a task apart', () => {
    vi.useFakeTimers();
    try {
      const { container } = renderMarch2025();
      const outlines = () =>
        [...container.querySelectorAll('[data-date-outline]')].map((o) => [
          o.textContent,
          o.getAttribute('aria-hidden'),
        ]);
      const next = () => act(() => vi.advanceTimersToNextTimer());

      next();
      const period = screen.getByRole('group', { name: 'Période' });
      expect(outlines()).toEqual([
        ['01/03/2025', 'true'],
        ['31/03/2025', 'true'],
      ]);
      next();
      expect(outlines()).toEqual([['31/03/2025', 'true']]);
      next();
      expect(outlines()).toEqual([]);
      expect(within(period).queryAllByRole('spinbutton')).toHaveLength(0);

      act(() => vi.runAllTimers());
      const parts = within(period).getAllByRole('spinbutton');
      expect(parts.map((p) => p.textContent)).toEqual(['01', '03', '2025', '31', '03', '2025']);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The field starting with March 2025, in French. */
const renderMarch2025 = () =>
  render(
    <I18nProvider locale="fr-FR">
      <DateRangeFilter
        defaultRange={{ startDate: '2025-03-01', endDate: '2025-03-31' }}
        onChange={() => {}}
      />
    </I18nProvider>,
  );

/** The period's six spin buttons, once drawn: the picker comes a task after the screen, each of its dates a task after it, each spin button a task after its date. */
async function spinButtons() {
  const period = await screen.findByRole('group', { name: 'Période' });
  await waitFor(() => expect(within(period).getAllByRole('spinbutton')).toHaveLength(6));
  return within(period).getAllByRole('spinbutton');
}
