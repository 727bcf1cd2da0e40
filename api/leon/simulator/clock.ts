// The simulator's shared pieces: its input errors, the modification clock that Leon's getModified…List
// calls answer with (Unix seconds, strictly increasing, one per store), and the checks every entity makes.
import { unixSeconds } from './model';

export class SimulatorInputError extends Error {
  override name = 'SimulatorInputError';
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export const MODIFIED_LIST_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** An ISO 8601 UTC instant given to the control API → epoch ms; anything else is an input error. */
export function instant(value: string, field: string): number {
  const ms = Date.parse(value);
  if (typeof value !== 'string' || !/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || Number.isNaN(ms))
    throw new SimulatorInputError(`${field}: an ISO 8601 UTC instant is required`);
  return ms;
}

export type SimClock = ReturnType<typeof createClock>;

export function createClock(now: () => number) {
  let clock = unixSeconds(now());
  return {
    /** The next value of the modification clock: Unix seconds, strictly increasing. */
    tick(): number {
      clock = Math.max(unixSeconds(now()), clock + 1);
      return clock;
    },
    current: () => clock,
    /** Leon refuses a getModified…List more than a week back. */
    checkModifiedSince(dateTime: number): void {
      if (dateTime < unixSeconds(now()) - MODIFIED_LIST_MAX_AGE_SECONDS)
        throw new SimulatorInputError('dateTime must not be more than one week in the past');
    },
  };
}
