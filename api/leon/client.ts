// Client of Leon's GraphQL API for one operator, put together from its parts: the transport (access
// tokens, retries, French `LeonError`s: transport.ts), the reading of answers and date windows (reads.ts),
// and one module of reads per entity (trip-reads.ts, safety-report-reads.ts), each mapping through its
// entity's module (trips.ts, safety-reports.ts) and the one checked-mapping helper (checked.ts).
import { mappingError } from './checked';
import { ECHO_QUERY } from './queries';
import { field } from './reads';
import { leonSafetyReports } from './safety-report-reads';
import { createTransport, type LeonClientOptions } from './transport';
import { leonTrips } from './trip-reads';

export type LeonClient = ReturnType<typeof createLeonClient>;

/** Leon's trips, as the missions step of a sync reads them. */
export type LeonTripSource = Pick<
  LeonClient,
  'flightsBetween' | 'departuresBetween' | 'modifiedSince' | 'tripsByNumber'
>;
/** Leon's safety reports and their attachments, as the incidents step reads them. */
export type LeonSafetyReportSource = Pick<
  LeonClient,
  'safetyReportsBetween' | 'modifiedSafetyReportsSince' | 'attachment'
>;
/** Any GraphQL document (the invoice reads go through it). */
export type LeonGraphqlSource = Pick<LeonClient, 'graphql'>;

/**
 * What the sync reads from Leon: the client, which offers everything; a test's stand-in may offer the
 * trips alone, and then only the missions are synced (the other steps find their part absent).
 */
export type LeonSource = LeonTripSource & Partial<LeonSafetyReportSource & LeonGraphqlSource>;

/** Whether the source offers the safety-report reads (the client does). */
export function offersSafetyReports(source: LeonSource): source is LeonSource & LeonSafetyReportSource {
  return (
    source.safetyReportsBetween !== undefined &&
    source.modifiedSafetyReportsSince !== undefined &&
    source.attachment !== undefined
  );
}

export function createLeonClient(options: LeonClientOptions) {
  const transport = createTransport(options);
  const { graphql } = transport;

  /** Tests the connection and the key without needing any scope. */
  async function echo(text = 'ping'): Promise<string> {
    const data = await graphql(ECHO_QUERY, { text });
    const value = field(data, ['echo']);
    if (typeof value !== 'string') throw mappingError('champ echo invalide');
    return value;
  }

  return {
    echo,
    ...leonSafetyReports(transport),
    ...leonTrips(graphql, options),
    /** Any other GraphQL document (later queries); answers `data`. */
    graphql,
    /** Drops the cached access token (e.g. after the key was changed). */
    forgetToken: transport.forgetToken,
  };
}

export { LEON_MESSAGES, LeonError, type LeonErrorKind } from './errors';
export {
  LeonFileError,
  type ModifiedSafetyReports,
  type SafetyReportsResult,
} from './safety-report-reads';
export type { LeonAttachment, LeonReportFailure, LeonSafetyReport } from './safety-reports';
export type { LeonClientOptions } from './transport';
export type { ModifiedFlights, TripsResult } from './trip-reads';
export type { LeonFailure, LeonFlight, LeonLeg, LeonTrip, LeonTripHeader } from './trips';
export { groupIntoTrips } from './trips';
