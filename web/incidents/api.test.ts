// @vitest-environment happy-dom
// The incidents client: the open count, a mission's records, proposing and validating an action.
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import * as api from './api';

const ID = '3f2b9c4e-1d5a-4e7b-8c6d-0a1b2c3d4e5f';

describe('incidents client', () => {
  it('reads the open count and the records of an incident', async () => {
    const records = [{ id: ID, response: null }];
    const { calls } = fakeApi({
      'GET /incidents/open-count': () => ({ body: { data: { open: 4 } } }),
      [`GET /incidents/details/${ID}`]: () => ({ body: { data: records } }),
    });
    expect(await api.fetchOpenIncidentsCount()).toBe(4);
    expect(await api.fetchIncidentRecords(ID)).toEqual(records);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /incidents/open-count',
      `GET /incidents/details/${ID}`,
    ]);
  });

  it('proposes an action with PUT and gives back the record saved; validates the action read', async () => {
    const { calls } = fakeApi({
      [`PUT /incidents/details/${ID}`]: ({ body }) => ({ body: { data: { id: ID, ...(body as object) } } }),
      [`PUT /incidents/validate/${ID}`]: () => ({ body: { data: { id: ID } } }),
    });
    expect(await api.proposeIncidentAction(ID, { response: 'Changer la roue' })).toEqual({
      id: ID,
      response: 'Changer la roue',
    });
    expect(await api.validateIncidentAction(ID, { response: 'Changer la roue' })).toBeUndefined();
    expect(calls).toEqual([
      { method: 'PUT', path: `/incidents/details/${ID}`, body: { response: 'Changer la roue' } },
      { method: 'PUT', path: `/incidents/validate/${ID}`, body: { response: 'Changer la roue' } },
    ]);
  });

  it("throws the server's message (a 409 when another action was saved since)", async () => {
    const changed = 'La proposition a changé depuis votre lecture : relisez-la avant de la valider.';
    fakeApi({ [`PUT /incidents/validate/${ID}`]: () => ({ status: 409, body: { message: changed } }) });
    await expect(api.validateIncidentAction(ID, { response: 'x' })).rejects.toThrow(changed);
  });
});
