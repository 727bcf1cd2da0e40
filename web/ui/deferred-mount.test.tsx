// @vitest-environment happy-dom
// Parts drawn a task after their screen (docs/decisions/055): none in the first frame, then one a task, in
// the order they asked; a part gone before its turn takes none.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeferredMount } from './deferred-mount';

function Part({ name }: { name: string }) {
  const mounted = useDeferredMount();
  return <p>{mounted ? `${name} dessiné` : `${name} en attente`}</p>;
}

const drawn = () => screen.queryAllByText(/dessiné$/).map((p) => p.textContent);
/** Runs the next task waiting (a part's turn), and lets React render what it changed. */
const aTask = () =>
  act(() => {
    vi.advanceTimersToNextTimer();
  });

describe('useDeferredMount', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws nothing in the first frame, then one part a task, in the order they asked', () => {
    render(
      <>
        <Part name="A" />
        <Part name="B" />
        <Part name="C" />
      </>,
    );
    expect(drawn()).toEqual([]);
    expect(screen.getAllByText(/en attente$/)).toHaveLength(3);
    aTask();
    expect(drawn()).toEqual(['A dessiné']);
    aTask();
    expect(drawn()).toEqual(['A dessiné', 'B dessiné']);
    aTask();
    expect(drawn()).toEqual(['A dessiné', 'B dessiné', 'C dessiné']);
  });

  it('gives no task to a part unmounted before its turn', () => {
    function Screen({ withA }: { withA: boolean }) {
      return (
        <>
          {withA && <Part name="A" />}
          <Part name="B" />
        </>
      );
    }
    const { rerender } = render(<Screen withA />);
    rerender(<Screen withA={false} />);
    aTask();
    expect(drawn()).toEqual(['B dessiné']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
