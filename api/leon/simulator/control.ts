// The simulator's control API under /__sim/ (not Leon's): what tests and the demo call over HTTP to add,
// change, cancel and delete trips and safety reports, break attachments, reset, inject failures and slow Leon's answers down. Every
// body is checked; a bad one answers 400 with the reason (SimulatorInputError).
import type { Hono } from 'hono';
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  partial,
  type Struct,
  string,
  union,
  validate,
} from 'superstruct';
import { SIM_TRIP_KINDS, type SimSafetyReport } from './model';
import {
  type AddReportInput,
  type AddTripInput,
  type ChangeReportInput,
  type ChangeTripInput,
  type SimStore,
  SimulatorInputError,
} from './store';

export type FailureStatus = 401 | 429 | 500 | 502 | 503 | 'timeout';

export interface FailNextOptions {
  /** Seconds or an HTTP date, sent as Retry-After with a 429. */
  retryAfter?: number | string;
  /** Which endpoint fails. Default: the GraphQL endpoint. */
  on?: 'graphql' | 'refresh' | 'any';
  /** How many consecutive requests fail. Default 1. */
  times?: number;
}

const TripStatusStruct = enums(['CONFIRMED', 'OPTION', 'OPPORTUNITY'] as const);
const CrewStruct = array(
  object({
    contactNid: integer(),
    position: string(),
    name: string(),
    surname: string(),
    phoneWork: nullable(string()),
  }),
);
const legFields = {
  from: string(),
  to: string(),
  std: string(),
  sta: optional(string()),
  blockOff: optional(nullable(string())),
  blockOn: optional(nullable(string())),
  registration: optional(nullable(string())),
  passengers: optional(min(integer(), 0)),
  crew: optional(CrewStruct),
  isCnl: optional(boolean()),
  flightNo: optional(nullable(string())),
};
const AddTripStruct: Struct<AddTripInput> = object({
  tripNumber: optional(string()),
  status: optional(TripStatusStruct),
  client: optional(nullable(string())),
  kind: optional(enums(SIM_TRIP_KINDS)),
  legs: optional(array(object({ ...legFields, flightNid: optional(min(integer(), 1)) }))),
});
const LegPatchStruct = partial(object(legFields));
const ChangeTripStruct: Struct<ChangeTripInput> = object({
  status: optional(TripStatusStruct),
  client: optional(nullable(string())),
  legs: optional(array(optional(nullable(LegPatchStruct)))),
});
const CancelStruct = object({ at: optional(string()) });
const reportFields = {
  tripNumber: optional(nullable(string())),
  reportDateUTC: optional(string()),
  status: optional(enums(['OPEN', 'CLOSED'] as const)),
  category: optional(string()),
  title: optional(string()),
  description: optional(string()),
  presumedCauses: optional(string()),
  correctiveAction: optional(nullable(string())),
};
const AddReportStruct: Struct<AddReportInput> = object({
  ...reportFields,
  attachments: optional(
    array(object({ fileName: string(), kind: optional(enums(['pdf', 'png'] as const)) })),
  ),
});
const ChangeReportStruct: Struct<ChangeReportInput> = object(reportFields);
const BreakStruct = object({ times: optional(min(integer(), 1)) });
/** At most a minute: a caller's timeout is the place for longer (fail-next's 'timeout'). */
const LatencyStruct = object({ ms: max(min(integer(), 0), 60_000) });

const FailNextStruct = object({
  status: union([literal(401), literal(429), literal(500), literal(502), literal(503), literal('timeout')]),
  retryAfter: optional(union([number(), string()])),
  on: optional(enums(['graphql', 'refresh', 'any'] as const)),
  times: optional(min(integer(), 1)),
});

/** What the control API acts on: the simulator's store and its own switches. */
export interface ControlTarget {
  store: SimStore;
  stats(): unknown;
  reset(): void;
  failNext(status: FailureStatus, options?: FailNextOptions): void;
  breakAttachment(attachmentNid: number, times?: number): void;
  setLatency(ms: number): void;
}

async function input<T>(c: { req: { json(): Promise<unknown> } }, struct: Struct<T>, empty?: T): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    if (empty !== undefined) return empty;
    throw new SimulatorInputError('A JSON body is required');
  }
  const [error, value] = validate(raw, struct);
  if (error) throw new SimulatorInputError(error.message);
  return value;
}

/** Mounts the control routes on the simulator's app. */
export function mountControlApi(app: Hono, sim: ControlTarget): void {
  app.get('/__sim/health', (c) => c.json({ ok: true }));
  app.get('/__sim/stats', (c) => c.json(sim.stats()));
  app.get('/__sim/trips', (c) => c.json(sim.store.list()));
  app.get('/__sim/trips/:tripNumber', (c) => c.json(sim.store.get(c.req.param('tripNumber'))));
  app.post('/__sim/trips', async (c) => c.json(sim.store.add(await input(c, AddTripStruct, {})), 201));
  app.patch('/__sim/trips/:tripNumber', async (c) =>
    c.json(sim.store.change(c.req.param('tripNumber'), await input(c, ChangeTripStruct))),
  );
  app.post('/__sim/trips/:tripNumber/cancel', async (c) =>
    c.json(sim.store.cancel(c.req.param('tripNumber'), await input(c, CancelStruct, {}))),
  );
  app.delete('/__sim/trips/:tripNumber', (c) => c.json(sim.store.remove(c.req.param('tripNumber'))));
  app.get('/__sim/safety-reports', (c) => c.json(sim.store.reports().map(reportSummary)));
  app.post('/__sim/safety-reports', async (c) =>
    c.json(reportSummary(sim.store.addReport(await input(c, AddReportStruct, {}))), 201),
  );
  app.patch('/__sim/safety-reports/:nid', async (c) =>
    c.json(
      reportSummary(sim.store.changeReport(Number(c.req.param('nid')), await input(c, ChangeReportStruct))),
    ),
  );
  app.delete('/__sim/safety-reports/:nid', (c) =>
    c.json(reportSummary(sim.store.removeReport(Number(c.req.param('nid'))))),
  );
  app.post('/__sim/safety-report-attachments/:nid/break', async (c) => {
    const { times } = await input(c, BreakStruct, {});
    sim.breakAttachment(Number(c.req.param('nid')), times);
    return c.json({ ok: true });
  });
  app.post('/__sim/reset', (c) => {
    sim.reset();
    return c.json({ ok: true });
  });
  app.post('/__sim/latency', async (c) => {
    sim.setLatency((await input(c, LatencyStruct)).ms);
    return c.json({ ok: true });
  });
  app.post('/__sim/fail-next', async (c) => {
    const { status, ...rest } = await input(c, FailNextStruct);
    sim.failNext(status, rest);
    return c.json({ ok: true });
  });
}

/** A report as the control API shows it: without the attachments' bytes. */
function reportSummary(report: SimSafetyReport) {
  return {
    ...report,
    attachments: report.attachments.map(({ bytes, ...a }) => ({ ...a, size: bytes.byteLength })),
  };
}
