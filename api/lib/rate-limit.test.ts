// Fixed-window counters in the database: a hit counts in its window only, `isLimited` says when the
// window's count reaches the limit, a new window starts from zero, keys are counted apart, `clear` forgets.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { clear, hit, hits, isLimited, type Limit } from './rate-limit';

const MINUTE = 60_000;
const START = new Date('2026-03-10T09:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

describeEachDatabase('rate limits', (database) => {
  const limit: Limit = { key: 'test:alpha', max: 3, windowMs: 15 * MINUTE };
  const other: Limit = { ...limit, key: 'test:beta' };

  it('counts hits in the window and is limited once the count reaches the maximum', async () => {
    const { db } = database();
    expect(await hits(db, limit, at(0))).toBe(0);
    expect(await isLimited(db, limit, at(0))).toBe(false);
    expect(await hit(db, limit, at(1))).toBe(1);
    expect(await hit(db, limit, at(2))).toBe(2);
    expect(await isLimited(db, limit, at(3))).toBe(false);
    expect(await hit(db, limit, at(14))).toBe(3);
    expect(await hits(db, limit, at(14))).toBe(3);
    expect(await isLimited(db, limit, at(14))).toBe(true);
    // Another key has its own counter.
    expect(await hits(db, other, at(14))).toBe(0);
    expect(await isLimited(db, other, at(14))).toBe(false);
  });

  it('starts the next window from zero', async () => {
    const { db } = database();
    expect(await isLimited(db, limit, at(15))).toBe(false);
    expect(await hits(db, limit, at(15))).toBe(0);
    expect(await hit(db, limit, at(16))).toBe(1);
  });

  it('forgets a key once cleared', async () => {
    const { db } = database();
    await hit(db, other, at(20));
    await clear(db, limit.key);
    expect(await hits(db, limit, at(16))).toBe(0);
    expect(await hits(db, other, at(20))).toBe(1);
  });
});
