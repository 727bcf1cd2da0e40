// The database schema (Drizzle, PostgreSQL 15 features only); migrations in ./migrations are generated
// from it with drizzle-kit and applied at start on PGlite and PostgreSQL alike. The contract owns the
// enums and the shapes stored as JSON: the schema imports them, never spells them again.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INCIDENT_STATUSES, type IncidentStatus, type IncidentSyncReport } from '../../contract/incidents';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../contract/invoices';
import {
  AIRCRAFT_TYPES,
  type CrewMember,
  type InvoiceSyncCounts,
  MISSION_STATUSES,
  type OrganType,
  type SkippedTrip,
  type SyncKind,
  type SyncResult,
  type SyncRunStatus,
} from '../../contract/missions';
import { ROLES } from '../../contract/roles';
import { STATISTIC_INVOICE_STATUSES } from '../../contract/statistics';

export const roleEnum = pgEnum('role', ROLES);

/** A contract's values as the SQL list of a check, `'A', 'B'`: the same text a hand-written list gives. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const hospitals = pgTable('hospitals', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: roleEnum('role').notNull(),
    // The hospitals of a HOSPITAL account (one or more, decision 024); empty for every other role.
    hospitals: text('hospitals').array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text('password_hash').notNull(),
    forceChangePassword: boolean('force_change_password').notNull().default(false),
    /** One more at each update, by a trigger (migration 0022): a save names the version it was made on. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_active').on(t.email).where(sql`${t.deletedAt} is null`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The browser's user-agent at sign-in, and the client's address shortened (migration 0023). */
    userAgent: text('user_agent'),
    address: text('address'),
    /** What a session opened by the password alone still needs (migration 0025); null when complete. */
    secondFactor: text('second_factor', { enum: ['verify', 'enrol'] }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** A user's authenticators (migration 0025, decision 070): the secret encrypted, the last step accepted. */
export const userFactors = pgTable(
  'user_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    name: text('name').notNull(),
    /** TOTP: the secret, sealed (api/factors/codes.ts). */
    secret: text('secret'),
    lastTimeStep: bigint('last_time_step', { mode: 'number' }),
    /** Passkey: the credential's id and public key (base64url), its signature counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports').array(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_factors_user').on(t.userId), uniqueIndex('user_factors_credential').on(t.credentialId)],
);

/** The challenge of a passkey ceremony (migration 0025): used once, within 5 minutes. */
export const factorChallenges = pgTable(
  'factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('factor_challenges_created').on(t.createdAt)],
);

/** Single-use recovery codes, hashed (migration 0025). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_hash').on(t.userId, t.codeHash)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_session').on(t.sessionId),
    // Migration 0015: the pruning job.
    index('refresh_tokens_expires').on(t.expiresAt),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_codes_user').on(t.userId),
    // Migration 0015: the pruning job.
    index('password_reset_codes_expires').on(t.expiresAt),
  ],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Upload links (signed file tokens) already used, kept until they expire: a link writes once, even after
 * its file was refused or deleted (decision 012). The token itself is not kept, only its SHA-256.
 */
export const usedFileTokens = pgTable('used_file_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    // Delivery, outside the request that queued the message (api/lib/mail.ts).
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_to').on(t.to, t.createdAt),
    index('outbox_pending').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // Migration 0015: the pruning job.
    index('outbox_sent').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity').on(t.entity, t.entityId),
    // A record's history, newest first (migration 0018, decision 036).
    index('audit_log_entity_time').on(t.entity, t.entityId, t.at.desc()),
  ],
);

// Missions, from Leon trips. Leon owns the trip, legs, times, crew, aircraft and requester; the
// back-office owns the medical fields and, once edited by staff, the status and aircraft type.
export const missionStatusEnum = pgEnum('mission_status', MISSION_STATUSES);
export const aircraftTypeEnum = pgEnum('aircraft_type', AIRCRAFT_TYPES);

export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripNid: integer('trip_nid'),
    /** One more at each update, by a trigger (migration 0022): a save names the version it was made on. */
    version: integer('version').notNull().default(1),
    tripNumber: text('trip_number'),
    status: missionStatusEnum('status').notNull().default('EN_ATTENTE'),
    statusSetByStaff: boolean('status_set_by_staff').notNull().default(false),
    aircraftType: aircraftTypeEnum('aircraft_type').notNull().default('ND'),
    aircraftTypeSetByStaff: boolean('aircraft_type_set_by_staff').notNull().default(false),
    buyerName: text('buyer_name'),
    numberOfCristal: integer('number_of_cristal'),
    organType: text('organ_type').array().$type<OrganType[]>().notNull().default(sql`'{}'::text[]`),
    numberOfMeals: integer('number_of_meals'),
    isWithIcing: boolean('is_with_icing'),
    isWithOCS: boolean('is_with_ocs'),
    airportDeIcing: text('airport_de_icing').array().notNull().default(sql`'{}'::text[]`),
    departureDateTime: timestamp('departure_date_time', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    leonUpdatedAt: timestamp('leon_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What the list search matches — mission number, hospital, cristal number — lower-cased in one
    // column, fields apart by a unit separator (no match across two fields): one LIKE, one index.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(trip_number, '') || chr(31) || coalesce(buyer_name, '') || chr(31) || coalesce(number_of_cristal::text, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('missions_trip_number').on(t.tripNumber),
    index('missions_status_departure').on(t.status, t.departureDateTime),
    index('missions_buyer_departure').on(t.buyerName, t.departureDateTime),
    index('missions_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Migration 0008 (statistics): the statistics list's order.
    index('missions_departure_desc').on(sql`${t.departureDateTime} desc nulls last`, sql`${t.id} desc`),
    // Migration 0011 (issue 18): the statistics organ filter, organ_type @> array[organ].
    index('missions_organ_type_gin').using('gin', t.organType),
    // Migration 0019 (billing check): is an invoice's trip a live mission, from the index alone.
    index('missions_live_trip').on(t.tripNumber).where(sql`${t.deletedAt} is null`),
    // Migration 0020 (issue 28): the oldest-first lists' order ('En attente', 'En cours'), read in order.
    index('missions_departure_asc').on(sql`${t.departureDateTime} asc nulls last`, sql`${t.id} asc`),
  ],
);

export const missionLegs = pgTable(
  'mission_legs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id),
    flightNid: integer('flight_nid').notNull().unique(),
    position: integer('position').notNull(),
    isCnl: boolean('is_cnl').notNull().default(false),
    flightNo: text('flight_no'),
    stdUtc: timestamp('std_utc', { withTimezone: true }).notNull(),
    staUtc: timestamp('sta_utc', { withTimezone: true }).notNull(),
    bloffUtc: timestamp('bloff_utc', { withTimezone: true }),
    blonUtc: timestamp('blon_utc', { withTimezone: true }),
    adepIcao: text('adep_icao').notNull(),
    adepName: text('adep_name').notNull(),
    adesIcao: text('ades_icao').notNull(),
    adesName: text('ades_name').notNull(),
    registration: text('registration'),
    passengerCount: integer('passenger_count'),
    crew: jsonb('crew').$type<CrewMember[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('mission_legs_mission').on(t.missionId, t.position),
    // A leg's departure (block-off, else scheduled): the period of the pilots', fleet's and dashboard's reads.
    index('mission_legs_departure').on(sql`coalesce(${t.bloffUtc}, ${t.stdUtc})`),
  ],
);

// One row per sync run, ok or failed (migration 0004 added status, reason and skipped).
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SyncKind>().notNull(),
    actorId: uuid('actor_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').$type<SyncRunStatus>().notNull().default('ok'),
    /** Why a run failed as a whole, in French. */
    reason: text('reason'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<SyncResult['errors']>().notNull().default(sql`'[]'::jsonb`),
    /** The trips left out by this run, with Leon's ids and the French reason. */
    skipped: jsonb('skipped').$type<SkippedTrip[]>().notNull().default(sql`'[]'::jsonb`),
    /** What the run did with incidents (api/incidents/sync.ts); null before migration 0009. */
    incidents: jsonb('incidents').$type<IncidentSyncReport>(),
    /** What the invoices step did, after the run's commit (migration 0017); null before it or without it. */
    invoices: jsonb('invoices').$type<InvoiceSyncCounts>(),
    /** Leon's own words when the run failed on Leon's answer (migration 0021): for ADMIN only. */
    leonDetail: text('leon_detail'),
  },
  (t) => [
    check('sync_runs_status', sql`${t.status} in ('ok', 'failed')`),
    index('sync_runs_started').on(t.startedAt.desc(), t.id.desc()),
  ],
);

/**
 * Trips a sync could not read or store, read again from Leon at every run until one stores them (then the
 * row goes): the sync's Leon timestamp moves on past them without losing them (decision 009).
 */
export const leonSkippedTrips = pgTable('leon_skipped_trips', {
  tripNumber: text('trip_number').primaryKey(),
  tripNid: integer('trip_nid'),
  flightNid: integer('flight_nid'),
  reason: text('reason').notNull(),
  firstSkippedAt: timestamp('first_skipped_at', { withTimezone: true }).notNull().defaultNow(),
  lastSkippedAt: timestamp('last_skipped_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(1),
});

/**
 * The fence of the sync's write transaction (migration 0015): the run that holds the sync's advisory lock
 * writes its id here as it starts, and its write transaction locks this row and aborts unless it still
 * names that run. A run whose lock was lost (a pooler, a cut connection) while another started cannot write.
 */
export const syncLease = pgTable('sync_lease', {
  id: integer('id').primaryKey().default(1),
  runId: uuid('run_id'),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The requests sent to Leon in the last hour, by every API instance (migration 0021): the pace of
 * api/leon/shared-budget.ts counts them, so that all instances share one budget (decision 061).
 */
export const leonRequests = pgTable(
  'leon_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('leon_requests_sent').on(t.sentAt)],
);

export const leonState = pgTable('leon_state', {
  id: integer('id').primaryKey().default(1),
  lastTimestamp: integer('last_timestamp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Price tables (requirements §3; architecture.md §4 'Prices'). Amounts are integer cents; periods are inclusive Paris
// calendar days. Two rows of a table (of one ICAO code for airports) never share a day: the exclusion
// constraints of migration 0006 (`daterange(from_date, to_date, '[]') WITH &&`) enforce it, which Drizzle
// cannot express, so they live in the SQL only.
const period = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
const MAX_CENTS = sql.raw(String(100_000_000));
const cents = (name: string) => integer(name).notNull();
/** `<table>_period`: a row's first day comes before its last. */
const periodCheck = (table: string, t: { fromDate: AnyPgColumn; toDate: AnyPgColumn }) =>
  check(`${table}_period`, sql`${t.fromDate} < ${t.toDate}`);
/** A table of one price a period (the regulation, the passengers' meals). */
const priceByPeriod = <N extends string>(table: N) =>
  pgTable(table, { ...period(), priceCents: cents('price_cents') }, (t) => [
    periodCheck(table, t),
    check(`${table}_price`, sql`${t.priceCents} between 1 and ${MAX_CENTS}`),
  ]);

export const airportCosts = pgTable(
  'airport_costs',
  {
    ...period(),
    icaoCode: text('icao_code').notNull(),
    airportName: text('airport_name').notNull(),
    priceWithDeIcingCents: cents('price_with_de_icing_cents'),
    priceWithoutDeIcingCents: cents('price_without_de_icing_cents'),
  },
  (t) => [
    periodCheck('airport_costs', t),
    check('airport_costs_icao', sql`${t.icaoCode} ~ '^[A-Z]{4}$'`),
    check('airport_costs_name', sql`length(${t.airportName}) between 1 and 100`),
    check(
      'airport_costs_prices',
      sql`${t.priceWithDeIcingCents} between 0 and ${MAX_CENTS} and ${t.priceWithoutDeIcingCents} between 1 and ${MAX_CENTS}`,
    ),
  ],
);

export const flightUnitCosts = pgTable(
  'flight_unit_costs',
  {
    ...period(),
    priceJetWithOcsCents: cents('price_jet_with_ocs_cents'),
    priceJetWithoutOcsCents: cents('price_jet_without_ocs_cents'),
    priceTurbopropWithOcsCents: cents('price_turboprop_with_ocs_cents'),
    priceTurbopropWithoutOcsCents: cents('price_turboprop_without_ocs_cents'),
  },
  (t) => [
    periodCheck('flight_unit_costs', t),
    check(
      'flight_unit_costs_prices',
      sql`least(${t.priceJetWithOcsCents}, ${t.priceJetWithoutOcsCents}, ${t.priceTurbopropWithOcsCents}, ${t.priceTurbopropWithoutOcsCents}) >= 1 and greatest(${t.priceJetWithOcsCents}, ${t.priceJetWithoutOcsCents}, ${t.priceTurbopropWithOcsCents}, ${t.priceTurbopropWithoutOcsCents}) <= ${MAX_CENTS}`,
    ),
  ],
);

// The price book's version (migration 0013, decision 025): one row, bumped by a statement trigger on each
// of the four tables the cost engine reads (not market_numbers), in the writer's transaction.
export const priceBookVersion = pgTable(
  'price_book_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('price_book_version_one', sql`${t.id}`)],
);

export const marketNumbers = pgTable(
  'market_numbers',
  {
    ...period(),
    value: text('value').notNull(),
  },
  (t) => [
    periodCheck('market_numbers', t),
    check('market_numbers_value', sql`length(${t.value}) between 1 and 100`),
  ],
);

export const passengerMealCosts = priceByPeriod('passenger_meal_costs');
export const regulationCosts = priceByPeriod('regulation_costs');

// ——— Incidents (issue #13): Leon's safety reports, the back-office's proposed action and validation, and
// their attachments copied into the file storage (a copy that failed waits with storage_key null). ———

export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leonReportNid: integer('leon_report_nid').notNull().unique(),
    /** One more at each update, by a trigger (migration 0022): a save names the version it was made on. */
    version: integer('version').notNull().default(1),
    reportNumber: text('report_number').notNull(),
    /** Leon's trip number; the mission is found by it when shown ('N.D' when none is known). */
    tripNumber: text('trip_number'),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cause: text('cause').notNull(),
    leonStatus: text('leon_status').$type<IncidentStatus>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull().default('OPEN'),
    response: text('response'),
    responseBy: uuid('response_by').references(() => users.id, { onDelete: 'set null' }),
    responseAt: timestamp('response_at', { withTimezone: true }),
    validatedBy: uuid('validated_by').references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    leonUpdatedAt: timestamp('leon_updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('incidents_status', sql`${t.status} in (${sqlList(INCIDENT_STATUSES)})`),
    check('incidents_leon_status', sql`${t.leonStatus} in (${sqlList(INCIDENT_STATUSES)})`),
    check('incidents_response', sql`${t.response} is null or length(${t.response}) between 1 and 5000`),
    index('incidents_declared').on(t.declaredAt.desc(), t.id.desc()),
    index('incidents_trip_number').on(t.tripNumber),
    index('incidents_open').on(t.status).where(sql`${t.deletedAt} is null`),
  ],
);

export const incidentAttachments = pgTable(
  'incident_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    leonAttachmentNid: integer('leon_attachment_nid').notNull().unique(),
    position: integer('position').notNull().default(0),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Where Leon serves it (on Leon's origin only). */
    sourceUrl: text('source_url').notNull(),
    /** The copy in our file storage; null until a sync copied it. */
    storageKey: text('storage_key'),
    size: integer('size'),
    copiedAt: timestamp('copied_at', { withTimezone: true }),
    /** Why the last copy failed, in French. */
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('incident_attachments_incident').on(t.incidentId, t.position),
    index('incident_attachments_pending').on(t.leonAttachmentNid).where(sql`${t.storageKey} is null`),
  ],
);

/** The incident sync's own Leon timestamp (getModifiedSafetyReportList), apart from the flights'. */
export const incidentSyncState = pgTable('incident_sync_state', {
  id: integer('id').primaryKey().default(1),
  lastTimestamp: integer('last_timestamp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Invoices (requirements §3 'Invoice export row'; architecture.md §4 'Invoices'; decision 018). One row per Leon sales
// invoice or credit note, keyed by Leon's id; amounts in integer cents; SUCCESS once exported.
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leonInvoiceNid: integer('leon_invoice_nid').notNull().unique(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    invoiceType: text('invoice_type').notNull(),
    errorMessage: text('error_message'),
    society: text('society'),
    journal: text('journal'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    invoiceNumber: text('invoice_number'),
    invoiceNumber2: text('invoice_number2'),
    quoteRequestId: text('quote_request_id'),
    generalAccount: text('general_account'),
    phoneBookContactCode: text('phone_book_contact_code'),
    requesterTripNumber: text('requester_trip_number'),
    invoiceDueDate: date('invoice_due_date', { mode: 'string' }),
    debitCents: integer('debit_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    /** Migration 0016 (billing check): the net amount (HT), positive; null when Leon's was unreadable. */
    netCents: integer('net_cents'),
    type: text('type'),
    invoiceTag: text('invoice_tag'),
    section2: text('section2'),
    section3: text('section3'),
    aircraftRegistration: text('aircraft_registration'),
    section5: text('section5'),
    tax: text('tax'),
    departureDate: date('departure_date', { mode: 'string' }),
    requester: text('requester'),
    address1: text('address1'),
    address2: text('address2'),
    postalCode: text('postal_code'),
    city: text('city'),
    workEmail: text('work_email'),
    workPhone: text('work_phone'),
    invoiceId1: text('invoice_id1'),
    invoiceId2: text('invoice_id2'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status', sql`${t.status} in (${sqlList(INVOICE_STATUSES)})`),
    check('invoices_amounts', sql`${t.debitCents} >= 0 and ${t.creditCents} >= 0`),
    check('invoices_error', sql`(${t.status} = 'ERROR') = (${t.errorMessage} is not null)`),
    index('invoices_status_date').on(t.status, t.invoiceDate),
    index('invoices_newest').on(t.invoiceDate, t.leonInvoiceNid),
    // Migration 0016: the billing check finds a period's invoices by their day. Migration 0019: a mission's
    // invoices by its trip, with INCLUDE (invoice_type, net_cents, debit_cents, credit_cents) so that their
    // sum reads the index alone (drizzle's index builder has no INCLUDE: the migration has it).
    index('invoices_trip_amounts').on(t.requesterTripNumber),
    index('invoices_date').on(t.invoiceDate),
  ],
);

/** The ADMIN's settings of the billing check (migration 0016, decision 033): one row. */
export const billingSettings = pgTable('billing_settings', {
  id: integer('id').primaryKey().default(1),
  toleranceBasisPoints: integer('tolerance_basis_points').notNull().default(100),
  toleranceCents: integer('tolerance_cents').notNull().default(1000),
  unbilledAfterDays: integer('unbilled_after_days').notNull().default(15),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Leon's invoice clock (getModifiedSalesInvoiceList's timestamp), apart from the flights' one. */
export const leonInvoiceState = pgTable('leon_invoice_state', {
  id: integer('id').primaryKey().default(1),
  lastTimestamp: integer('last_timestamp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Statistics ----------------------------------------------------------------------------------------
// One record per mission in scope (TERMINEE, CLOTUREE, ANNULEE_45_MOINS), created and retired (`active`)
// by the trigger `missions_statistics` of migration 0008 (decision 015); never written by the sync. The
// trigger also copies the mission's columns the list filters and orders on (migration 0013, decision 025).
export const statisticInvoiceStatusEnum = pgEnum('invoice_status', STATISTIC_INVOICE_STATUSES);

export const statistics = pgTable(
  'statistics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id),
    active: boolean('active').notNull().default(true),
    /** One more at each update, by a trigger (migration 0022): a save names the version it was made on. */
    version: integer('version').notNull().default(1),
    flightStatus: statisticInvoiceStatusEnum('flight_status').notNull().default('TO_BE_EDITED'),
    airportStatus: statisticInvoiceStatusEnum('airport_status').notNull().default('TO_BE_EDITED'),
    showForHospital: boolean('show_for_hospital').notNull().default(false),
    flightInvoiceId: text('flight_invoice_id'),
    airportInvoiceId: text('airport_invoice_id'),
    flightPdfKey: text('flight_pdf_key'),
    flightPdfName: text('flight_pdf_name'),
    airportPdfKey: text('airport_pdf_key'),
    airportPdfName: text('airport_pdf_name'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Copies of the mission's, written by the trigger only (the list reads them without the join).
    missionStatus: missionStatusEnum('mission_status').notNull(),
    buyerName: text('buyer_name'),
    departureDateTime: timestamp('departure_date_time', { withTimezone: true }),
    organType: text('organ_type').array().$type<OrganType[]>().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('statistics_mission').on(t.missionId),
    uniqueIndex('statistics_flight_pdf_key').on(t.flightPdfKey),
    uniqueIndex('statistics_airport_pdf_key').on(t.airportPdfKey),
    index('statistics_active_mission').on(t.missionId).where(sql`${t.active}`),
    // Migration 0013: the list's order and period, the hospital filter in that order, the organ filter.
    index('statistics_list')
      .on(sql`${t.departureDateTime} desc nulls last`, sql`${t.missionId} desc`)
      .where(sql`${t.active}`),
    index('statistics_buyer_list')
      .on(t.buyerName, sql`${t.departureDateTime} desc nulls last`, sql`${t.missionId} desc`)
      .where(sql`${t.active}`),
    index('statistics_organ_type_gin').using('gin', t.organType).where(sql`${t.active}`),
  ],
);

/**
 * Background jobs run by whichever API instance claims them (migration 0015, api/lib/jobs.ts): one row per
 * job, claimed by moving `next_at` one interval ahead where it is due, so that one instance runs each slot.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  runs: integer('runs').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The instance (host and process) that ran it last. */
  lastInstance: text('last_instance'),
  lastError: text('last_error'),
});

// ——— The change feed (issue 50, migration 0022, docs/decisions/059): one row per event, written at commit
// by the triggers of audit_log and sync_runs in commit order; the last minutes only. ———

export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    audience: text('audience')
      .$type<'hospital' | 'staff' | 'billing' | 'admin' | 'owner' | 'internal'>()
      .notNull(),
    hospitals: text('hospitals').array().notNull().default(sql`'{}'::text[]`),
    /** The user an 'owner' event is for: a session's own user (migration 0023). */
    owner: uuid('owner'),
  },
  (t) => [index('live_events_at').on(t.at)],
);

/** Up to which event id the history was pruned: a client behind it must read everything again. */
export const liveHistory = pgTable(
  'live_history',
  {
    id: boolean('id').primaryKey().default(true),
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull(),
  },
  (t) => [check('live_history_one', sql`${t.id}`)],
);
