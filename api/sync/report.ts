// What a sync run did, gathered step by step and recorded with the run: counts, the trips stored, and
// those skipped with their French reason (decision 009).
import type { SkippedTrip, SyncResult } from '../../contract/missions';
import type { LeonFailure } from '../leon';
import { logger } from '../lib/log';
import { cleanReason } from './reasons';

export type Outcome = 'created' | 'updated' | 'deleted' | 'kept';

export class RunReport {
  private readonly counts = { created: 0, updated: 0, deleted: 0 };
  private readonly storedTrips = new Set<string>();
  private readonly createdTrips = new Set<string>();
  private readonly skipped = new Map<string, SkippedTrip>();
  private readonly noNumber: SkippedTrip[] = [];

  /** Starts from the trips Leon itself could not give. */
  constructor(failures: LeonFailure[]) {
    this.failed(failures);
  }

  /** Trips Leon could not give (read, or mapped): skipped unless stored whole later in the run. */
  failed(failures: LeonFailure[]): void {
    for (const failure of failures) {
      // Leon's own words go to the log and, on the run's row, to ADMIN; the reason says it in French.
      if (failure.leonMessage)
        logger.warn(`Leon sync: trip ${failure.tripNumber ?? '?'} refused by Leon: ${failure.leonMessage}`);
      this.skip({
        tripNumber: failure.tripNumber,
        tripNid: failure.tripNid ?? null,
        flightNid: failure.flightNid ?? null,
        reason: failure.message,
        ...(failure.leonMessage ? { leonMessage: failure.leonMessage } : {}),
      });
    }
  }

  count(outcome: Outcome, times = 1): void {
    if (outcome !== 'kept') this.counts[outcome] += times;
  }

  /**
   * What happened to one trip's mission. A trip created by this run counts once as created, even when a
   * later part of the run completes it (a first load's trip whose legs came in two windows).
   */
  tripOutcome(tripNumber: string, outcome: Outcome): void {
    if (outcome === 'created') this.createdTrips.add(tripNumber);
    if (outcome === 'updated' && this.createdTrips.has(tripNumber)) return;
    this.count(outcome);
  }

  /** A trip written whole: it stops waiting in the skipped list, whatever an earlier step said. */
  stored(tripNumber: string): void {
    this.storedTrips.add(tripNumber);
  }

  skip(entry: SkippedTrip): void {
    const clean = {
      ...entry,
      reason: cleanReason(entry.reason),
      ...(entry.leonMessage ? { leonMessage: cleanReason(entry.leonMessage) } : {}),
    };
    if (clean.tripNumber === null) this.noNumber.push(clean);
    else this.skipped.set(clean.tripNumber, clean);
  }

  /** Whether this run stored the trip. */
  hasStored(tripNumber: string): boolean {
    return this.storedTrips.has(tripNumber);
  }

  /** Skipped trips with a number: they wait to be read again at the next run. */
  get waiting(): SkippedTrip[] {
    return [...this.skipped.values()].filter((entry) => !this.storedTrips.has(entry.tripNumber as string));
  }

  result(): SyncResult {
    const all = [...this.waiting, ...this.noNumber];
    return {
      ...this.counts,
      failed: all.length,
      errors: all.map((entry) => ({ tripNumber: entry.tripNumber, message: entry.reason })),
      skipped: all,
    };
  }
}
