// The simulator's state: trips and legs (trip-store.ts) and safety reports (report-store.ts) on one
// modification clock (clock.ts) that the getModified…List calls answer with, and the reset of both.
import { createClock } from './clock';
import type { SimSafetyReport, SimTrip } from './model';
import { createReportStore } from './report-store';
import { createTripStore } from './trip-store';

export { MODIFIED_LIST_MAX_AGE_SECONDS, SimulatorInputError } from './clock';
export type { AddReportInput, ChangeReportInput, ModifiedReports } from './report-store';
export {
  type AddTripInput,
  acftNidOf,
  type ChangeTripInput,
  type FlightQuery,
  type LegInput,
  type LegPatch,
  type ModifiedFlights,
} from './trip-store';

export function createStore(options: {
  now: () => number;
  seed: number;
  initialTrips: SimTrip[];
  /** Safety reports to start with; default: generated on the initial trips. */
  initialReports?: SimSafetyReport[];
}) {
  const clock = createClock(options.now);
  const { reset: resetTrips, ...trips } = createTripStore({ ...options, clock });
  const { reset: resetReports, ...reports } = createReportStore({ ...options, clock });

  /** Back to the initial trips and reports; everything reset shows as changed, what was added since as deleted. */
  function reset(): void {
    const at = clock.tick();
    resetTrips(at);
    resetReports(at);
  }

  return { ...trips, reset, ...reports, clock: clock.current };
}

export type SimStore = ReturnType<typeof createStore>;
