// @vitest-environment happy-dom
// The icons: lucide's shapes in one <svg> each, at their size, in the text's colour, hidden from assistive
// technologies (the button around one carries the name).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CloseIcon, DeleteIcon, ViewIcon } from './icons';

describe('icons', () => {
  it('draws lucide’s shapes at the icon’s size, in the text’s colour, hidden from assistive technologies', () => {
    const { container } = render(
      <button type="button" aria-label="Voir la mission 24012">
        <ViewIcon />
      </button>,
    );
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('18');
    expect(svg?.getAttribute('height')).toBe('18');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('stroke-width')).toBe('2');
    expect(svg?.getAttribute('fill')).toBe('none');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    // The eye: its outline and its pupil.
    expect([...(svg?.children ?? [])].map((shape) => shape.tagName.toLowerCase())).toEqual([
      'path',
      'circle',
    ]);
    expect(svg?.querySelector('circle')?.getAttribute('r')).toBe('3');
    // The button's name is its label alone.
    expect(screen.getByRole('button').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Voir la mission 24012' })).toBeTruthy();
  });

  it('gives each icon its own shapes and size', () => {
    const { container } = render(
      <>
        <DeleteIcon />
        <CloseIcon />
      </>,
    );
    const [trash, close] = container.querySelectorAll('svg');
    expect(trash.querySelectorAll('path')).toHaveLength(5);
    expect(close.getAttribute('width')).toBe('16');
    expect([...close.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual([
      'M18 6 6 18',
      'm6 6 12 12',
    ]);
  });
});
