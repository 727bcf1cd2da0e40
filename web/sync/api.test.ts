// @vitest-environment happy-dom
// The Leon sync client: the menu counts, and the two runs with what they did.
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { fetchRecordsCount, runLeonSync } from './api';

describe('sync client', () => {
  it('reads the menu counts', async () => {
    const counts = {
      total: 9,
      waiting: 2,
      inProgress: 3,
      completed: 1,
      canceled: 1,
      closed: 2,
      statistics: 4,
    };
    const { calls } = fakeApi({ 'GET /leon/records-count': () => ({ body: { data: counts } }) });
    expect(await fetchRecordsCount()).toEqual(counts);
    expect(calls).toEqual([{ method: 'GET', path: '/leon/records-count', body: undefined }]);
  });

  it('runs either sync with PUT and gives back what it did, or nothing when the answer says nothing', async () => {
    const result = { created: 3, updated: 1, deleted: 0, failed: 0, errors: [], skipped: [] };
    const { calls } = fakeApi({
      'PUT /leon/synchronize-data': () => ({ body: { data: result } }),
      'PUT /leon/update-data': () => ({ body: {} }),
    });
    expect(await runLeonSync('synchronize')).toEqual(result);
    expect(await runLeonSync('update')).toBeUndefined();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /leon/synchronize-data',
      'PUT /leon/update-data',
    ]);
  });

  it("throws the server's message", async () => {
    fakeApi({
      'PUT /leon/update-data': () => ({
        status: 409,
        body: { message: 'Une synchronisation est déjà en cours' },
      }),
    });
    await expect(runLeonSync('update')).rejects.toThrow('Une synchronisation est déjà en cours');
  });
});
