// Mapping of Leon's flights and trips, aircraft categories, windows and Retry-After: pure functions.
import { describe, expect, it } from 'vitest';
import { mapSafetyReport, mapSafetyReports } from './safety-reports';
import { addUtcMonths, leonInstant, retryAfterMs, splitIntoWindows } from './time';
import { aircraftTypeOf, groupIntoTrips, mapFlight, mapFlightsToTrips, mapTrip } from './trips';

function flight(overrides: Record<string, unknown> = {}) {
  return {
    flightNid: 501,
    flightNo: 'OAM0501',
    isCnl: false,
    startTimeUTC: '2026-04-02T07:00:00Z',
    endTimeUTC: '2026-04-02T08:20:00+00:00',
    flightLastModificationTime: '2026-04-01T18:00:00Z',
    startAirport: { code: { icao: 'lfbd', iata: 'BOD' }, name: 'Bordeaux-Mérignac' },
    endAirport: { code: { icao: 'LFLL', iata: 'LYS' }, name: 'Lyon Saint-Exupéry' },
    acft: { registration: 'F-HBMV', acftType: { icao: 'C56X' } },
    crewMemberList: [
      {
        position: 'FO',
        contact: { name: 'Camille', surname: 'Roux', phoneWork: null, phoneMobile: '+33 7 82 14 57 63' },
      },
      {
        position: null,
        isCaptain: true,
        contact: { name: 'Claire', surname: 'Dubois', phoneWork: '+33 6 23 57 81 04' },
      },
    ],
    passengerList: { count: 2 },
    journeyLog: { blockOff: '2026-04-02T07:05:00Z', blockOn: null },
    trip: {
      tripNid: 77,
      tripNumber: 24100,
      tripStatus: 'OPTION',
      isDeleted: false,
      client: { name: ' CHU de Toulouse – Hôpital Rangueil ' },
    },
    someFieldLeonAddedLater: true,
    ...overrides,
  };
}

describe('aircraft categories', () => {
  it('maps the documented ICAO types to JET or TURBOPROP and anything else to ND', () => {
    for (const type of ['C56X', 'C68A', 'F2TH', 'CL60', 'LJ45', 'E55P', 'pc24'])
      expect(aircraftTypeOf(type)).toBe('JET');
    for (const type of ['PC12', 'BE20', 'B350', 'P180', 'TBM9'])
      expect(aircraftTypeOf(type)).toBe('TURBOPROP');
    for (const type of ['EA50', 'A320', '', null, undefined]) expect(aircraftTypeOf(type)).toBe('ND');
  });
});

describe('mapFlight', () => {
  it('maps a Leon flight with its trip header, in UTC ISO strings', () => {
    expect(mapFlight(flight())).toEqual({
      flightNid: 501,
      flightNo: 'OAM0501',
      tripNid: 77,
      tripNumber: '24100',
      isCnl: false,
      stdUTC: '2026-04-02T07:00:00.000Z',
      staUTC: '2026-04-02T08:20:00.000Z',
      bloffUTC: '2026-04-02T07:05:00.000Z',
      blonUTC: null,
      adepIcao: 'LFBD',
      adepName: 'Bordeaux-Mérignac',
      adesIcao: 'LFLL',
      adesName: 'Lyon Saint-Exupéry',
      registration: 'F-HBMV',
      acftTypeIcao: 'C56X',
      aircraftType: 'JET',
      passengerCount: 2,
      crew: [
        { name: 'Claire', surname: 'Dubois', position: 'CPT', phoneWork: '+33 6 23 57 81 04' },
        { name: 'Camille', surname: 'Roux', position: 'FO', phoneWork: '+33 7 82 14 57 63' },
      ],
      lastModified: '2026-04-01T18:00:00.000Z',
      trip: {
        tripNumber: '24100',
        tripNid: 77,
        status: 'OPTION',
        isDeleted: false,
        clientName: 'CHU de Toulouse – Hôpital Rangueil',
      },
    });
  });

  it("takes a pilot's position from Leon's flags, whatever the operator calls it; keeps the cabin crew's", () => {
    const leg = mapFlight(
      flight({
        crewMemberList: [
          { position: 'FA', contact: { name: 'Élodie', surname: 'Perrin' } },
          { position: 'SIC', isFirstOfficer: true, contact: { name: 'Camille', surname: 'Roux' } },
          { position: 'PIC', isCaptain: true, contact: { name: 'Claire', surname: 'Dubois' } },
          { position: null, contact: { name: 'Hugo', surname: 'Bernard' } },
        ],
      }),
    );
    expect(leg.crew.map((member) => [member.surname, member.position])).toEqual([
      ['Dubois', 'CPT'],
      ['Roux', 'FO'],
      ['Perrin', 'FA'],
      ['Bernard', ''],
    ]);
  });

  it("keeps Leon's contact id of a crew member when Leon gives it", () => {
    const leg = mapFlight(
      flight({
        crewMemberList: [
          { position: 'CPT', contact: { contactNid: 7002, name: 'Claire', surname: 'Dubois' } },
          { position: 'FO', contact: { name: 'Camille', surname: 'Roux' } },
        ],
      }),
    );
    expect(leg.crew).toEqual([
      { contactNid: 7002, name: 'Claire', surname: 'Dubois', position: 'CPT', phoneWork: null },
      { name: 'Camille', surname: 'Roux', position: 'FO', phoneWork: null },
    ]);
  });

  it('accepts missing optional parts: no aircraft, crew, passengers or journey log', () => {
    const leg = mapFlight(
      flight({ acft: null, crewMemberList: null, passengerList: null, journeyLog: null }),
    );
    expect(leg).toMatchObject({
      registration: null,
      aircraftType: 'ND',
      crew: [],
      passengerCount: 0,
      bloffUTC: null,
    });
  });

  it.each([
    [{ startTimeUTC: '2026-04-02 07:00' }, 'champ startTimeUTC invalide ("2026-04-02 07:00")'],
    [{ startTimeUTC: '2026-04-02T07:00:00' }, 'champ startTimeUTC invalide ("2026-04-02T07:00:00")'],
    [{ endAirport: { code: { icao: null }, name: 'Hélistation' } }, 'champ endAirport.code.icao absent'],
    [{ passengerList: { count: -1 } }, 'champ passengerList.count invalide (-1)'],
    [{ endTimeUTC: '2026-04-02T06:00:00Z' }, 'endTimeUTC antérieure à startTimeUTC'],
    [{ isCnl: undefined }, 'champ isCnl absent'],
  ])('names the field that cannot be mapped (%o)', (overrides, detail) => {
    expect(() => mapFlight(flight(overrides))).toThrow(
      `Données Leon inattendues : ${detail} (voyage 24100, vol 501).`,
    );
  });

  it('drops NUL characters, which PostgreSQL text cannot hold, from every text Leon sends', () => {
    const leg = mapFlight(
      flight({
        flightNo: 'OAM\u00000501',
        startAirport: { code: { icao: 'LFBD' }, name: 'Bordeaux\u0000-Mérignac' },
        crewMemberList: [{ position: 'CPT', contact: { name: 'Cla\u0000ire', surname: 'Dubois' } }],
        trip: {
          tripNid: 77,
          tripNumber: '24100\u0000',
          tripStatus: 'OPTION',
          client: { name: 'CHU de Lille\u0000 – Hôpital Huriez' },
        },
      }),
    );
    expect(leg).toMatchObject({
      flightNo: 'OAM0501',
      adepName: 'Bordeaux-Mérignac',
      crew: [{ name: 'Claire', surname: 'Dubois' }],
      trip: { tripNumber: '24100', clientName: 'CHU de Lille – Hôpital Huriez' },
    });
    expect(JSON.stringify(leg)).not.toContain('\\u0000');
  });

  it('names the trip field when the header is wrong', () => {
    expect(() =>
      mapFlight(flight({ trip: { tripNid: 77, tripNumber: '24100', tripStatus: 'MAYBE' } })),
    ).toThrow('Données Leon inattendues : champ trip.tripStatus invalide ("MAYBE") (voyage 24100, vol 501).');
  });
});

describe('trips', () => {
  it('groups legs into trips, legs in scheduled order, trips by first departure', () => {
    const raws = [
      flight({ flightNid: 3, startTimeUTC: '2026-04-02T11:00:00Z', endTimeUTC: '2026-04-02T12:00:00Z' }),
      flight({
        flightNid: 9,
        trip: { tripNid: 80, tripNumber: '23999', tripStatus: 'CONFIRMED', client: null },
      }),
      flight({ flightNid: 2 }),
    ];
    const { trips, failures } = mapFlightsToTrips(raws);
    expect(failures).toEqual([]);
    expect(trips.map((t) => [t.tripNumber, t.legs.map((l) => l.flightNid)])).toEqual([
      ['24100', [2, 3]],
      ['23999', [9]],
    ]);
    expect(trips[1].clientName).toBeNull();
    expect(trips[0].legs[0]).not.toHaveProperty('trip');
  });

  it('makes the whole trip a failure when one of its legs is bad', () => {
    const { trips, failures } = mapFlightsToTrips([
      flight({ flightNid: 2 }),
      flight({ flightNid: 3, startAirport: { code: { icao: 'XX' }, name: 'Piste' } }),
      flight({ flightNid: 9, trip: { tripNid: 80, tripNumber: '23999', tripStatus: 'CONFIRMED' } }),
      { flightNid: 12 },
    ]);
    expect(trips.map((t) => t.tripNumber)).toEqual(['23999']);
    expect(failures).toEqual([
      {
        tripNumber: null,
        message: 'Données Leon inattendues : champ trip.tripNumber absent (vol 12).',
        tripNid: null,
        flightNid: 12,
      },
      {
        tripNumber: '24100',
        message:
          'Données Leon inattendues : champ startAirport.code.icao invalide ("XX") (voyage 24100, vol 3).',
        tripNid: 77,
      },
    ]);
  });

  it('maps a Trip with its flightList', () => {
    const { trip: header, ...first } = flight({
      flightNid: 2,
      startTimeUTC: '2026-04-02T09:00:00Z',
      endTimeUTC: '2026-04-02T10:00:00Z',
    });
    const second = {
      ...first,
      flightNid: 1,
      startTimeUTC: '2026-04-02T06:00:00Z',
      endTimeUTC: '2026-04-02T07:00:00Z',
    };
    const trip = mapTrip({ ...header, isDeleted: true, flightList: [first, second] });
    expect(trip).toMatchObject({ tripNumber: '24100', status: 'OPTION', isDeleted: true });
    expect(trip.legs.map((l) => l.flightNid)).toEqual([1, 2]);
  });

  it('keeps one leg per flight when the same flight comes twice', () => {
    const trips = groupIntoTrips([mapFlight(flight()), mapFlight(flight({ flightNo: 'OAM9999' }))]);
    expect(trips[0].legs).toHaveLength(1);
    expect(trips[0].legs[0].flightNo).toBe('OAM9999');
  });
});

describe('time helpers', () => {
  it('adds calendar months in UTC, clamping to the month end', () => {
    expect(addUtcMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addUtcMonths(new Date('2025-11-30T23:30:00Z'), 3).toISOString()).toBe('2026-02-28T23:30:00.000Z');
  });

  it('splits a range into contiguous windows of at most 3 months', () => {
    const windows = splitIntoWindows(new Date('2026-01-15T00:00:00Z'), new Date('2026-08-20T12:00:00Z'));
    expect(windows.map((w) => [leonInstant(w.start), leonInstant(w.end)])).toEqual([
      ['2026-01-15T00:00:00Z', '2026-04-15T00:00:00Z'],
      ['2026-04-15T00:00:00Z', '2026-07-15T00:00:00Z'],
      ['2026-07-15T00:00:00Z', '2026-08-20T12:00:00Z'],
    ]);
    expect(splitIntoWindows(new Date('2026-01-01'), new Date('2026-01-01'))).toEqual([]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-03-10T08:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 10 Mar 2026 08:00:45 GMT', now)).toBe(45_000);
    expect(retryAfterMs('Tue, 10 Mar 2026 07:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('safety reports (to be checked against the operator’s schema)', () => {
  const raw = {
    safetyReportNid: 8001,
    reportNumber: 'SR-26001',
    reportDateUTC: '2026-03-09T22:30:00Z',
    status: 'OPEN',
    category: { name: ' Maintenance ' },
    title: 'Fuite\u0000 hydraulique',
    description: null,
    presumedCauses: 'Joint usé',
    correctiveAction: '',
    trip: { tripNumber: 24012 },
    attachmentList: [
      {
        attachmentNid: 9001,
        fileName: 'constat.pdf',
        contentType: 'application/pdf',
        size: 10,
        downloadUrl: '/api/a/9001/',
      },
    ],
    lastModificationTime: '2026-03-09T22:31:00Z',
  };

  it('maps a report, its trip number and its attachments, without NUL', () => {
    expect(mapSafetyReport(raw)).toEqual({
      reportNid: 8001,
      reportNumber: 'SR-26001',
      tripNumber: '24012',
      declaredAt: '2026-03-09T22:30:00.000Z',
      status: 'OPEN',
      category: 'Maintenance',
      title: 'Fuite hydraulique',
      description: '',
      cause: 'Joint usé',
      correctiveAction: null,
      attachments: [
        {
          attachmentNid: 9001,
          fileName: 'constat.pdf',
          contentType: 'application/pdf',
          size: 10,
          url: '/api/a/9001/',
        },
      ],
      lastModified: '2026-03-09T22:31:00.000Z',
    });
    expect(mapSafetyReport({ ...raw, trip: null }).tripNumber).toBeNull();
  });

  it('makes a report it cannot map a failure of its own, naming the field and the report', () => {
    const { reports, failures } = mapSafetyReports([
      { ...raw, reportDateUTC: 'hier' },
      { ...raw, safetyReportNid: 8002 },
    ]);
    expect(reports.map((r) => r.reportNid)).toEqual([8002]);
    expect(failures).toEqual([
      {
        reportNid: 8001,
        reportNumber: 'SR-26001',
        message: expect.stringMatching(/champ reportDateUTC invalide .*\(rapport SR-26001\)\.$/),
      },
    ]);
  });
});
