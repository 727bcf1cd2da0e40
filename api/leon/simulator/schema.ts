// The part of Leon's GraphQL schema the back-office queries, in SDL, executed for real by `graphql`
// over the simulator's store. Names follow Leon's public summary and api/leon/queries.ts.
import {
  buildSchema,
  GraphQLError,
  type GraphQLScalarType,
  type GraphQLSchema,
  Kind,
  type ValueNode,
} from 'graphql';
import { addUtcMonths } from '../time';
import { AIRPORTS_BY_KEY, FLEET_BY_REGISTRATION, HOSPITALS_BY_NAME, type SimAirport } from './data';
import { INVOICE_SDL } from './invoice-sdl';
import type { SimLeg, SimSafetyReport, SimTrip } from './model';
import { type SimStore, SimulatorInputError } from './store';

/** Runs `read`, answering a refused input of the store as a GraphQL error (what Leon does). */
function asGraphQLError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SimulatorInputError) throw new GraphQLError(error.message);
    throw error;
  }
}

export const LEON_SDL = /* GraphQL */ `
"ISO 8601 instant in UTC, e.g. 2026-03-01T08:30:00Z."
scalar DateTime

type Query {
  "Tests the connection and the credentials; needs no scope."
  echo(text: String!): String!
  "All flights of a window of at most 3 months; no pagination."
  flightList(filter: FlightFilter!): [Flight!]!
  flights: FlightQueries!
  trip: TripQueries!
  "Safety reports declared within a window of at most 3 months."
  safetyReportList(filter: SafetyReportFilter!): [SafetyReport!]!
  safetyReports: SafetyReportQueries!
}

input SafetyReportFilter {
  timeInterval: TimeIntervalInput!
}

type SafetyReportQueries {
  "Safety reports created, changed or deleted after dateTime (Unix seconds, at most one week back)."
  getModifiedSafetyReportList(dateTime: Int!): ModifiedSafetyReportList!
}

type ModifiedSafetyReportList {
  created: [SafetyReport!]!
  changed: [SafetyReport!]!
  "Safety report nids deleted."
  deleted: [Int!]!
  timestamp: Int!
}

enum SafetyReportStatus {
  OPEN
  CLOSED
}

type SafetyReportCategory {
  name: String!
}

type SafetyReport {
  safetyReportNid: Int!
  reportNumber: String!
  reportDateUTC: DateTime!
  status: SafetyReportStatus!
  category: SafetyReportCategory
  title: String
  description: String
  presumedCauses: String
  correctiveAction: String
  "The trip the report concerns, when any."
  trip: Trip
  attachmentList: [SafetyReportAttachment!]!
  lastModificationTime: DateTime!
}

type SafetyReportAttachment {
  attachmentNid: Int!
  fileName: String!
  contentType: String
  size: Int
  "Read with the same Bearer token; relative to Leon's origin."
  downloadUrl: String!
}

input TimeIntervalInput {
  start: DateTime!
  end: DateTime!
}

input FlightFilter {
  timeInterval: TimeIntervalInput!
  tripNumber: String
  flightNumber: String
  isCnl: Boolean
  aircraftNidList: [Int!]
  requestedByNid: Int
}

type FlightQueries {
  "Flights created, changed or deleted after dateTime (Unix seconds, at most one week back)."
  getModifiedFlightList(dateTime: Int!): ModifiedFlightList!
}

type ModifiedFlightList {
  created: [Flight!]!
  changed: [Flight!]!
  "Flight nids deleted."
  deleted: [Int!]!
  createdFlightNidList: [Int!]!
  modifiedFlightNidList: [Int!]!
  "Pass it to the next call."
  timestamp: Int!
}

type TripQueries {
  getTripByTripNumber(tripNumber: String!): TripResult!
}

union TripResult = Trip | ErrorList

type ErrorList {
  errorList: [ErrorItem!]!
}

type ErrorItem {
  message: String!
  category: String!
  path: [String!]
}

enum FlightStatus {
  CONFIRMED
  OPTION
  OPPORTUNITY
}

type Trip {
  tripNid: Int!
  tripNumber: String!
  tripStatus: FlightStatus!
  isDeleted: Boolean!
  "The requester: for an organ transport, the hospital."
  client: Contact
  flightList: [Flight!]!
}

type Flight {
  flightNid: Int!
  flightNo: String
  tripNid: Int!
  trip: Trip!
  status: FlightStatus!
  isCnl: Boolean!
  startTimeUTC: DateTime!
  endTimeUTC: DateTime!
  startAirport: Airport!
  endAirport: Airport!
  acft: Acft
  crewMemberList: [CrewMemberOnLeg!]!
  passengerList: PassengerList!
  journeyLog: JourneyLog
  flightLastModificationTime: DateTime!
}

type Airport {
  airportNid: Int!
  code: AirportCode!
  name: String!
  city: String
  timezone: String!
}

type AirportCode {
  icao: String
  iata: String
}

type Acft {
  acftNid: Int!
  registration: String!
  acftType: AcftType
}

type AcftType {
  icao: String!
  name: String
}

type CrewMemberOnLeg {
  position: String!
  isCaptain: Boolean!
  isFirstOfficer: Boolean!
  contact: Contact!
}

type Contact {
  contactNid: Int!
  name: String
  surname: String
  phoneWork: String
  phoneMobile: String
  email: String
}

type PassengerList {
  count: Int!
}

type JourneyLog {
  blockOff: DateTime
  blockOn: DateTime
}
`;

/** A variable that is not an ISO 8601 UTC instant: Leon answers 400, not a GraphQL error. */
export class MalformedVariableError extends Error {
  override name = 'MalformedVariableError';
}

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|\+00:?00)$/;

function parseDateTime(value: unknown): Date {
  const date = typeof value === 'string' && UTC_INSTANT.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new MalformedVariableError(
      `DateTime must be an ISO 8601 UTC instant, got ${JSON.stringify(value)}`,
    );
  return date;
}

function airportView(key: string): ReturnType<typeof airportOf> {
  return airportOf(AIRPORTS_BY_KEY.get(key));
}

function airportOf(airport: SimAirport | undefined) {
  if (!airport) return null;
  return {
    airportNid: airport.airportNid,
    code: { icao: airport.icao, iata: airport.iata },
    name: airport.name,
    city: airport.city,
    timezone: airport.timezone,
  };
}

function acftView(registration: string | null) {
  if (!registration) return null;
  const aircraft = FLEET_BY_REGISTRATION.get(registration);
  return {
    acftNid: aircraft?.acftNid ?? 0,
    registration,
    acftType: aircraft ? { icao: aircraft.type, name: aircraft.typeName } : null,
  };
}

function clientView(name: string | null) {
  if (!name) return null;
  return {
    contactNid: HOSPITALS_BY_NAME.get(name)?.contactNid ?? 9999,
    name,
    surname: null,
    phoneWork: null,
    phoneMobile: null,
    email: null,
  };
}

export function tripView(trip: SimTrip) {
  return {
    __typename: 'Trip',
    tripNid: trip.tripNid,
    tripNumber: trip.tripNumber,
    tripStatus: trip.status,
    isDeleted: trip.isDeleted,
    client: clientView(trip.client),
    flightList: () => trip.legs.map((leg) => flightView(trip, leg)),
  };
}

export function flightView(trip: SimTrip, leg: SimLeg) {
  return {
    flightNid: leg.flightNid,
    flightNo: leg.flightNo,
    tripNid: trip.tripNid,
    trip: () => tripView(trip),
    status: trip.status,
    isCnl: leg.isCnl,
    startTimeUTC: leg.std,
    endTimeUTC: leg.sta,
    startAirport: airportView(leg.from),
    endAirport: airportView(leg.to),
    acft: acftView(leg.registration),
    crewMemberList: leg.crew.map((member) => ({
      position: member.position,
      isCaptain: member.position === 'CPT',
      isFirstOfficer: member.position === 'FO',
      contact: {
        contactNid: member.contactNid,
        name: member.name,
        surname: member.surname,
        phoneWork: member.phoneWork,
        phoneMobile: null,
        email: null,
      },
    })),
    passengerList: { count: leg.passengers },
    journeyLog: leg.blockOff || leg.blockOn ? { blockOff: leg.blockOff, blockOn: leg.blockOn } : null,
    flightLastModificationTime: leg.lastModified,
  };
}

/** Where the simulator serves an attachment (Leon's origin, Bearer token). */
export const attachmentPath = (attachmentNid: number) => `/api/safety-report-attachments/${attachmentNid}/`;

function reportView(store: SimStore, report: SimSafetyReport) {
  return {
    safetyReportNid: report.safetyReportNid,
    reportNumber: report.reportNumber,
    reportDateUTC: report.reportDateUTC,
    status: report.status,
    category: { name: report.category },
    title: report.title,
    description: report.description,
    presumedCauses: report.presumedCauses,
    correctiveAction: report.correctiveAction,
    trip: () => {
      const trip = report.tripNumber ? store.find(report.tripNumber) : undefined;
      if (trip) return tripView(trip);
      // A report may name a trip this Leon no longer has (or never had): only its number is known.
      return report.tripNumber
        ? {
            ...tripView({
              tripNid: 0,
              tripNumber: report.tripNumber,
              status: 'CONFIRMED',
              isDeleted: true,
              client: null,
              legs: [],
            }),
          }
        : null;
    },
    attachmentList: report.attachments.map((a) => ({
      attachmentNid: a.attachmentNid,
      fileName: a.fileName,
      contentType: a.contentType,
      size: a.bytes.byteLength,
      downloadUrl: attachmentPath(a.attachmentNid),
    })),
    lastModificationTime: report.lastModificationTime,
  };
}

interface FlightFilterArgs {
  timeInterval: { start: Date; end: Date };
  tripNumber?: string | null;
  flightNumber?: string | null;
  isCnl?: boolean | null;
  aircraftNidList?: number[] | null;
  requestedByNid?: number | null;
}

export function createLeonSchema(): GraphQLSchema {
  const schema = buildSchema(LEON_SDL + INVOICE_SDL);
  const dateTime = schema.getType('DateTime') as GraphQLScalarType;
  // buildSchema leaves custom scalars as pass-through: give DateTime Leon's strict UTC rule.
  Object.assign(dateTime, {
    serialize: (value: unknown) => (value instanceof Date ? value.toISOString() : value),
    parseValue: parseDateTime,
    parseLiteral: (node: ValueNode) => {
      if (node.kind !== Kind.STRING) throw new MalformedVariableError('DateTime must be a string');
      return parseDateTime(node.value);
    },
  });
  return schema;
}

/** Root resolvers over the store. */
export function createRootValue(store: SimStore) {
  return {
    echo: ({ text }: { text: string }) => text,
    flightList: ({ filter }: { filter: FlightFilterArgs }) => {
      const { start, end } = filter.timeInterval;
      if (end <= start) throw new GraphQLError('timeInterval.end must be after timeInterval.start.');
      if (end > addUtcMonths(start, 3))
        throw new GraphQLError('The time interval of flightList must not exceed 3 months.', {
          extensions: { category: 'VALIDATION' },
        });
      return store
        .flightsBetween({
          start: start.getTime(),
          end: end.getTime(),
          tripNumber: filter.tripNumber,
          flightNumber: filter.flightNumber,
          isCnl: filter.isCnl,
          aircraftNidList: filter.aircraftNidList,
          requestedByNid: filter.requestedByNid,
        })
        .map(({ trip, leg }) => flightView(trip, leg));
    },
    flights: () => ({
      getModifiedFlightList: ({ dateTime }: { dateTime: number }) => {
        const answer = asGraphQLError(() => store.modifiedSince(dateTime));
        return {
          created: answer.created.map(({ trip, leg }) => flightView(trip, leg)),
          changed: answer.changed.map(({ trip, leg }) => flightView(trip, leg)),
          deleted: answer.deleted,
          createdFlightNidList: answer.created.map(({ leg }) => leg.flightNid),
          modifiedFlightNidList: answer.changed.map(({ leg }) => leg.flightNid),
          timestamp: answer.timestamp,
        };
      },
    }),
    safetyReportList: ({ filter }: { filter: { timeInterval: { start: Date; end: Date } } }) => {
      const { start, end } = filter.timeInterval;
      if (end <= start) throw new GraphQLError('timeInterval.end must be after timeInterval.start.');
      if (end > addUtcMonths(start, 3))
        throw new GraphQLError('The time interval of safetyReportList must not exceed 3 months.', {
          extensions: { category: 'VALIDATION' },
        });
      return store.reportsBetween(start.getTime(), end.getTime()).map((r) => reportView(store, r));
    },
    safetyReports: () => ({
      getModifiedSafetyReportList: ({ dateTime }: { dateTime: number }) => {
        const answer = asGraphQLError(() => store.modifiedReportsSince(dateTime));
        return {
          created: answer.created.map((r) => reportView(store, r)),
          changed: answer.changed.map((r) => reportView(store, r)),
          deleted: answer.deleted,
          timestamp: answer.timestamp,
        };
      },
    }),
    trip: () => ({
      getTripByTripNumber: ({ tripNumber }: { tripNumber: string }) => {
        const trip = store.find(tripNumber);
        if (!trip)
          return {
            __typename: 'ErrorList',
            errorList: [
              { message: `Trip ${tripNumber} not found.`, category: 'NOT_FOUND', path: ['tripNumber'] },
            ],
          };
        return tripView(trip);
      },
    }),
  };
}
