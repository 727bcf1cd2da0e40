// Every GraphQL document the back-office sends to Leon, in one place, modelled on Leon's public schema
// (api/leon/README.md). Field names beyond the public summary (journey-log block times, contact phones,
// aircraft type code) must be checked against the operator's schema, as must the sales-invoice and
// safety-report queries that later work adds here. The simulator's SDL (simulator/schema.ts) follows them.

const AIRPORT_FIELDS = 'airportNid code { icao iata } name city timezone';

const TRIP_HEADER_FIELDS = 'tripNid tripNumber tripStatus isDeleted client { contactNid name }';

/** One leg as the back-office needs it (docs/architecture.md mapping table), without its trip. */
export const FLIGHT_FIELDS = `
  flightNid
  flightNo
  tripNid
  status
  isCnl
  startTimeUTC
  endTimeUTC
  flightLastModificationTime
  startAirport { ${AIRPORT_FIELDS} }
  endAirport { ${AIRPORT_FIELDS} }
  acft { acftNid registration acftType { icao name } }
  crewMemberList {
    position
    isCaptain
    isFirstOfficer
    contact { contactNid name surname phoneWork phoneMobile }
  }
  passengerList { count }
  journeyLog { blockOff blockOn }
`;

/** A leg with the header of its trip, for the calls that answer flights rather than trips. */
const FLIGHT_WITH_TRIP_FIELDS = `${FLIGHT_FIELDS} trip { ${TRIP_HEADER_FIELDS} }`;

export const ECHO_QUERY = 'query Echo($text: String!) { echo(text: $text) }';

/** All flights of a window of at most 3 months (Leon refuses longer ones); no pagination. */
export const FLIGHT_LIST_QUERY = `
query FlightList($start: DateTime!, $end: DateTime!) {
  flightList(filter: { timeInterval: { start: $start, end: $end } }) {
    ${FLIGHT_WITH_TRIP_FIELDS}
  }
}`;

/**
 * The same list with only each flight's id and scheduled departure: how a first load learns where Leon's
 * flights are dense before reading them whole (`departuresBetween`).
 */
export const FLIGHT_DEPARTURES_QUERY = `
query FlightDepartures($start: DateTime!, $end: DateTime!) {
  flightList(filter: { timeInterval: { start: $start, end: $end } }) {
    flightNid
    startTimeUTC
  }
}`;

/**
 * Leon's incremental calls, all of one form: `<record>s { getModified<Record>List(dateTime) { … } }`
 * answering the records created and changed after `dateTime` (Leon's own timestamp), the `extra` fields,
 * then the timestamp to ask from next time.
 */
export function modifiedListQuery(record: string, fields: string, extra: string[] = []): string {
  const group = `${record[0].toLowerCase()}${record.slice(1)}s`;
  return `
query Modified${record}s($dateTime: Int!) {
  ${group} {
    getModified${record}List(dateTime: $dateTime) {
      created { ${fields} }
      changed { ${fields} }
${extra.map((field) => `      ${field}\n`).join('')}      timestamp
    }
  }
}`;
}

/** Incremental sync: flights created, changed or deleted after `dateTime` (Leon's own timestamp). */
export const MODIFIED_FLIGHTS_QUERY = modifiedListQuery('Flight', FLIGHT_WITH_TRIP_FIELDS, [
  'deleted',
  'createdFlightNidList',
  'modifiedFlightNidList',
]);

const TRIP_RESULT_FIELDS = `
  __typename
  ... on Trip {
    ${TRIP_HEADER_FIELDS}
    flightList { ${FLIGHT_FIELDS} }
  }
  ... on ErrorList { errorList { message category path } }
`;

/**
 * Several trips in one request (aliases t0…tN-1, variables $n0…), so that refreshing the open missions
 * costs a handful of requests rather than one per trip (Leon's quota is 150 a minute).
 */
export function tripsByNumberQuery(count: number): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const variables = indexes.map((i) => `$n${i}: String!`).join(', ');
  const fields = indexes
    .map((i) => `t${i}: getTripByTripNumber(tripNumber: $n${i}) { ${TRIP_RESULT_FIELDS} }`)
    .join('\n    ');
  return `query TripsByNumber(${variables}) {\n  trip {\n    ${fields}\n  }\n}`;
}

// ——— Safety reports (our incidents). Not in Leon's public summary: the names below follow Leon's style
// (`…List`, `getModified…List(dateTime)`, `…Nid`, `…UTC`) and must be checked against the operator's
// schema before going live (api/leon/README.md, 'To check against the operator's schema'). ———

const SAFETY_REPORT_FIELDS = `
  safetyReportNid
  reportNumber
  reportDateUTC
  status
  category { name }
  title
  description
  presumedCauses
  correctiveAction
  trip { tripNid tripNumber }
  attachmentList { attachmentNid fileName contentType size downloadUrl }
  lastModificationTime
`;

/** Safety reports declared within a window of at most 3 months (as flightList). */
export const SAFETY_REPORT_LIST_QUERY = `
query SafetyReportList($start: DateTime!, $end: DateTime!) {
  safetyReportList(filter: { timeInterval: { start: $start, end: $end } }) {
    ${SAFETY_REPORT_FIELDS}
  }
}`;

/** Incremental: reports created, changed or deleted after `dateTime` (Leon's own timestamp). */
export const MODIFIED_SAFETY_REPORTS_QUERY = modifiedListQuery('SafetyReport', SAFETY_REPORT_FIELDS, [
  'deleted',
]);
