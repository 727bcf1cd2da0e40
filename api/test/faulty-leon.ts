// Leon as a sync test sees it, with faults the test switches on: a trip whose passenger count no integer
// column can hold (the database refuses it), a timestamp out of range, a Leon that answers only once a
// gate opens (a run held while it reads Leon).
import type { LeonSource } from '../leon';

export interface LeonFaults {
  /** Trip numbers whose legs carry 3,000,000,000 passengers. */
  hugePassengers: Set<string>;
  /** Leon's 'modified since' answers a timestamp no column holds. */
  hugeTimestamp: boolean;
  /** While set, reads of what changed and of trips wait for it. */
  gate: Promise<void> | null;
}

/** `leon` with `faults` (all off at first); its GraphQL door too when `graphql` (incidents, invoices). */
export function faultyLeon(leon: LeonSource, options: { graphql?: boolean } = {}) {
  const faults: LeonFaults = { hugePassengers: new Set(), hugeTimestamp: false, gate: null };
  const source: LeonSource = {
    flightsBetween: (from, to) => leon.flightsBetween(from, to),
    departuresBetween: (from, to) => leon.departuresBetween(from, to),
    async modifiedSince(timestamp) {
      if (faults.gate) await faults.gate;
      const answer = await leon.modifiedSince(timestamp);
      return faults.hugeTimestamp ? { ...answer, timestamp: 2 ** 40 } : answer;
    },
    async tripsByNumber(numbers) {
      if (faults.gate) await faults.gate;
      const answer = await leon.tripsByNumber(numbers);
      return {
        ...answer,
        trips: answer.trips.map((trip) =>
          faults.hugePassengers.has(trip.tripNumber)
            ? { ...trip, legs: trip.legs.map((leg) => ({ ...leg, passengerCount: 3_000_000_000 })) }
            : trip,
        ),
      };
    },
    ...(options.graphql ? { graphql: leon.graphql?.bind(leon) } : {}),
  };
  return { source, faults };
}
