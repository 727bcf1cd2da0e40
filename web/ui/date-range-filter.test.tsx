// @vitest-environment happy-dom
// The period field inside a screen that renders again (a list's answer, a keystroke in the search box):
// what the user typed stays, and the range goes to the handler the screen gave last, not to an old one.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { DateRangeFilter, type DayRange } from './date-range-filter';

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
    const parts = within(screen.getByRole('group', { name: 'Période' })).getAllByRole('spinbutton');
    await userEvent.click(parts[0]);
    await userEvent.keyboard('01022024');
    await userEvent.click(screen.getByRole('button', { name: 'Réponse 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Réponse 1' }));
    expect(parts.slice(0, 3).map((p) => p.textContent)).toEqual(['01', '02', '2024']);

    await userEvent.click(parts[3]);
    await userEvent.keyboard('31032024');
    expect(seen.at(-1)).toEqual([2, { startDate: '2024-02-01', endDate: '2024-03-31' }]);
  });

  it('shows the period it starts with', () => {
    render(
      <I18nProvider locale="fr-FR">
        <DateRangeFilter
          defaultRange={{ startDate: '2025-03-01', endDate: '2025-03-31' }}
          onChange={() => {}}
        />
      </I18nProvider>,
    );
    const parts = within(screen.getByRole('group', { name: 'Période' })).getAllByRole('spinbutton');
    expect(parts.map((p) => p.textContent)).toEqual(['01', '03', '2025', '31', '03', '2025']);
  });
});
