// @vitest-environment happy-dom
// The missions client: each function's method, path and body, and the answer it gives back.
import { describe, expect, it } from 'vitest';
import type { EditMissionInput } from '../../contract/missions';
import { fakeApi, savedFiles } from '../testing/fake-api';
import * as api from './api';

const ID = '7d3c1f0e-4a4b-4c6e-9a0f-2b8d5e6f7a81';

describe('missions client', () => {
  it("reads a mission's legs", async () => {
    const legs = [{ id: 'leg-1', tripNumber: '42' }];
    const { calls } = fakeApi({ [`GET /missions/details/${ID}`]: () => ({ body: { data: legs } }) });
    expect(await api.fetchMissionDetails(ID)).toEqual(legs);
    expect(calls).toEqual([{ method: 'GET', path: `/missions/details/${ID}`, body: undefined }]);
  });

  it('saves an edit with PUT and the body given, and deletes with DELETE', async () => {
    const { calls } = fakeApi({
      'PUT /missions/edit/': () => ({ body: { data: {} } }),
      [`DELETE /missions/delete/${ID}`]: () => ({ body: { data: {} } }),
    });
    const edit: EditMissionInput = {
      id: ID,
      numberOfCristal: 2,
      astonStatus: 'EN_ATTENTE',
      organType: 'COEUR,REINS',
      aircraftType: 'JET',
      numberOfMeals: 0,
      isWithIcing: false,
      isWithOCS: true,
      airportDeIcing: [],
    };
    expect(await api.editMission(edit)).toBeUndefined();
    expect(await api.deleteMission(ID)).toBeUndefined();
    expect(calls).toEqual([
      { method: 'PUT', path: '/missions/edit/', body: edit },
      { method: 'DELETE', path: `/missions/delete/${ID}`, body: undefined },
    ]);
  });

  it('saves the mission PDF and the transport voucher under their names', async () => {
    const files = savedFiles();
    const { calls } = fakeApi({
      [`GET /missions/generate-pdf/${ID}`]: () => ({ body: {} }),
      [`GET /missions/transport-voucher/${ID}`]: () => ({ body: {} }),
    });
    await api.downloadMissionPdf(ID);
    await api.downloadTransportVoucher(ID, '2024-117');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /missions/generate-pdf/${ID}`,
      `GET /missions/transport-voucher/${ID}`,
    ]);
    expect(files).toEqual(['mission-details.pdf', 'bon-de-transport-2024-117.pdf']);
  });

  it("throws the server's message", async () => {
    fakeApi({
      [`DELETE /missions/delete/${ID}`]: () => ({ status: 404, body: { message: 'Mission introuvable' } }),
    });
    await expect(api.deleteMission(ID)).rejects.toThrow('Mission introuvable');
  });
});
