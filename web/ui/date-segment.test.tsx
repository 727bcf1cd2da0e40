// @vitest-environment happy-dom
// The period and day fields: the day, month and year are spin buttons a user types into; the separators
// between them are hidden text. They are drawn without react-aria's DateSegment (docs/decisions/052), in
// the DOM it gave them: these tests hold what a user and a screen reader get, whichever draws them.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeFilter } from './date-range-filter';
import { DayField } from './day-field';

/** In French, as inside the layout (web/layout). */
const french = (ui: React.ReactNode) => render(<I18nProvider locale="fr-FR">{ui}</I18nProvider>);

function Day({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DayField
      label="Date de début"
      name="startDate"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('date segments', () => {
  it('draws the period as six spin buttons and four hidden separators, and reports the typed range', async () => {
    const onChange = vi.fn();
    french(<DateRangeFilter onChange={onChange} />);
    const period = await screen.findByRole('group', { name: 'Période' });
    // Each spin button is drawn a task after the field (docs/decisions/055).
    await waitFor(() => expect(within(period).getAllByRole('spinbutton')).toHaveLength(6));
    const parts = within(period).getAllByRole('spinbutton');
    expect(within(period).getAllByRole('spinbutton', { name: /jour/i })).toHaveLength(2);
    const separators = period.querySelectorAll('[data-type="literal"]');
    expect([...separators].map((s) => [s.textContent, s.getAttribute('aria-hidden')])).toEqual([
      ['/', 'true'],
      ['/', 'true'],
      ['/', 'true'],
      ['/', 'true'],
    ]);

    await userEvent.click(parts[0]);
    await userEvent.keyboard('01012024');
    await userEvent.click(parts[3]);
    await userEvent.keyboard('31122024');
    expect(onChange).toHaveBeenLastCalledWith({ startDate: '2024-01-01', endDate: '2024-12-31' });
    expect(parts.map((p) => p.textContent)).toEqual(['01', '01', '2024', '31', '12', '2024']);
  });

  it('draws a day as three spin buttons and two hidden separators, and gives the typed day', async () => {
    const onChange = vi.fn();
    french(<Day onChange={onChange} />);
    const day = screen.getByRole('group', { name: 'Date de début' });
    const parts = within(day).getAllByRole('spinbutton');
    expect(parts).toHaveLength(3);
    expect(day.querySelectorAll('[data-type="literal"][aria-hidden="true"]')).toHaveLength(2);
    await userEvent.click(parts[0]);
    await userEvent.keyboard('15032025');
    expect(onChange).toHaveBeenLastCalledWith('2025-03-15');
  });
});
