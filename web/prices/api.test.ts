// @vitest-environment happy-dom
// The prices client: each table's create (POST) and edit (PUT) path, the body sent and the row given back.
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { createPrice, editPrice } from './api';

const period = { fromDate: '2025-01-01', toDate: '2025-12-31' };

describe('prices client', () => {
  it("creates a row on its table's path with POST and gives back the row created", async () => {
    const { calls } = fakeApi({
      'POST /price/regulation-cost-create': ({ body }) => ({
        body: { data: { id: '12', ...(body as object) } },
      }),
    });
    expect(await createPrice('regulationCost', { ...period, price: 150 })).toEqual({
      id: '12',
      ...period,
      price: 150,
    });
    expect(calls).toEqual([
      { method: 'POST', path: '/price/regulation-cost-create', body: { ...period, price: 150 } },
    ]);
  });

  it("edits a row on its table's path with PUT, the id in the body", async () => {
    const { calls } = fakeApi({
      'PUT /price/passengermeal-cost-edit/': ({ body }) => ({ body: { data: body } }),
    });
    expect(await editPrice('passengerMealCost', { id: '7', ...period, price: 20.5 })).toEqual({
      id: '7',
      ...period,
      price: 20.5,
    });
    expect(calls).toEqual([
      { method: 'PUT', path: '/price/passengermeal-cost-edit/', body: { id: '7', ...period, price: 20.5 } },
    ]);
  });

  it("throws the server's message", async () => {
    const overlap = 'Une autre période chevauche celle-ci';
    fakeApi({ 'POST /price/regulation-cost-create': () => ({ status: 409, body: { message: overlap } }) });
    await expect(createPrice('regulationCost', { ...period, price: 1 })).rejects.toThrow(overlap);
  });
});
