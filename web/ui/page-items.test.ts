import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems', () => {
  it('shows every page under 8 pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('collapses from 8 pages: first, last, current and neighbours, with gaps', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 'gap', 7, 8]);
    expect(pageItems(6, 20)).toEqual([1, 2, 'gap', 5, 6, 7, 'gap', 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 2, 'gap', 19, 20]);
    // A gap of one page shows that page instead of an ellipsis.
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 9, 10]);
  });
});
