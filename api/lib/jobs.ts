// Background jobs run by whichever API instance claims them (decision 030). Each job has a row in `jobs`;
// every instance looks every `checkMs` and runs a job only when its own claim moved the row's `next_at`
// to the job's next slot — `UPDATE … WHERE next_at <= now() RETURNING`, one statement, so that one instance
// runs each interval however many look at once. Times are the database's, never an instance's clock.
// A job that fails is logged and recorded in its row; its next run is the next interval.
import { hostname } from 'node:os';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { logger } from './log';
import type { FileStore, SweepResult } from './storage';

export interface Job {
  /** The row's key: one slot per name across all instances. */
  name: string;
  /** Between two runs, from the start of one to the start of the next. */
  everyMs: number;
  /** The first run's delay when the job is new to the database (0: at once). */
  firstAfterMs?: number;
  /** The work; what it answers, when any, is logged. */
  run(): Promise<string | undefined>;
}

export interface JobRunner {
  /** Claims and runs the jobs that are due; answers the names of those this instance ran (tests). */
  tick(): Promise<string[]>;
  /** No more looking; resolves when the jobs running here have ended. */
  stop(): Promise<void>;
}

/** Looks every 5 s (one indexed UPDATE per job): a job runs at most this late after its slot. */
export const CHECK_MS = 5_000;

/** This process, as written in `jobs.last_instance`. */
export const INSTANCE = `${hostname()}:${process.pid}`;

export function startJobs(
  db: Db,
  list: Job[],
  options: { checkMs?: number; log?: (line: string) => void; instance?: string; timer?: boolean } = {},
): JobRunner {
  const log = options.log ?? ((line: string) => logger.info(line));
  const instance = options.instance ?? INSTANCE;
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  // A job new to the database gets its row (an existing row keeps its schedule across restarts).
  const ready = (async () => {
    for (const job of list)
      await db
        .insert(jobs)
        .values({ name: job.name, nextAt: sql`now() + ${msInterval(job.firstAfterMs ?? 0)}` })
        .onConflictDoNothing();
  })();

  const claim = async (job: Job): Promise<boolean> => {
    const claimed = await db
      .update(jobs)
      .set({
        // The next slot of the job's own schedule after now: late claims (instances checking every few
        // seconds, all of them down for a while) neither shift the schedule nor run missed slots.
        nextAt: sql`${jobs.nextAt} + ${msInterval(job.everyMs)} * (floor(extract(epoch from now() - ${jobs.nextAt}) * 1000 / ${job.everyMs}) + 1)`,
        runs: sql`${jobs.runs} + 1`,
        lastStartedAt: sql`now()`,
        lastInstance: instance,
      })
      .where(sql`${jobs.name} = ${job.name} and ${jobs.nextAt} <= now()`)
      .returning({ name: jobs.name });
    return claimed.length === 1;
  };

  const runOne = async (job: Job): Promise<void> => {
    let error: string | null = null;
    try {
      const line = await job.run();
      if (line) log(line);
    } catch (failure) {
      error = (failure as Error)?.message ?? String(failure);
      log(`Job ${job.name} failed: ${error}`);
    }
    await db
      .update(jobs)
      .set({ lastFinishedAt: sql`now()`, lastError: error?.slice(0, 500) ?? null })
      .where(eq(jobs.name, job.name))
      .catch((failure: Error) => log(`Job ${job.name}: its end could not be recorded: ${failure.message}`));
  };

  const tick = async (): Promise<string[]> => {
    if (stopped) return [];
    await ready;
    const ran: Promise<void>[] = [];
    const names: string[] = [];
    for (const job of list) {
      if (running.has(job.name)) continue;
      let mine = false;
      try {
        mine = await claim(job);
      } catch (failure) {
        log(`Job ${job.name} could not be claimed: ${(failure as Error).message}`);
      }
      if (!mine) continue;
      const done = runOne(job).finally(() => running.delete(job.name));
      running.set(job.name, done);
      ran.push(done);
      names.push(job.name);
    }
    await Promise.all(ran);
    return names;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  if (options.timer !== false) {
    const look = () => {
      tick().catch((failure: Error) => log(`Jobs: ${failure.message}`));
    };
    look();
    timer = setInterval(look, options.checkMs ?? CHECK_MS);
    timer.unref();
  }
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([ready, ...running.values()]);
    },
  };
}

const msInterval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * A sweep of the files nothing points to, as a job: at start, then every `hours`, by one instance at a
 * time; logs how many it removed, if any (statistics PDFs, incident attachments).
 */
export function orphanSweepJob(
  name: string,
  what: string,
  sweep: () => Promise<SweepResult>,
  hours = 6,
): Job {
  return {
    name,
    everyMs: hours * 3600_000,
    async run() {
      const { deleted } = await sweep();
      return deleted.length ? `${what}: ${deleted.length} orphan(s) removed.` : undefined;
    },
  };
}

/**
 * Files are written before the row that points to them (an upload before update-pdf, an attachment copied
 * before the sync's transaction): a day leaves room for any row still on its way.
 */
export const ORPHAN_AGE_MS = 24 * 3600_000;

/** Which of `keys` the rows of `table` still hold in one of `columns` (their file keys). */
async function keysHeld(db: Db, table: PgTable, columns: PgColumn[], keys: string[]): Promise<string[]> {
  const fields = Object.fromEntries(columns.map((column, i) => [`k${i}`, column]));
  const rows = await db
    .select(fields)
    .from(table)
    .where(or(...columns.map((column) => inArray(column, keys))));
  return rows.flatMap((row) => Object.values(row).filter((key): key is string => typeof key === 'string'));
}

/**
 * The orphans of one kind of file: those under `prefix`, older than `ORPHAN_AGE_MS`, that no row of
 * `table` points to in one of its `keyColumns`. `sweep` removes them now; `job` is the sweep as a job
 * (orphanSweepJob), named `name` and logged as `what`.
 */
export function orphanFiles(options: {
  prefix: string;
  table: PgTable;
  keyColumns: PgColumn[];
  name: string;
  what: string;
}) {
  type SweepDeps = { db: Db; files: FileStore };
  const sweep = (deps: SweepDeps, olderThanMs = ORPHAN_AGE_MS): Promise<SweepResult> =>
    deps.files.sweepOrphans({
      prefix: options.prefix,
      olderThanMs,
      referenced: (keys) => keysHeld(deps.db, options.table, options.keyColumns, [...keys]),
    });
  const job = (deps: SweepDeps, hours = 6): Job =>
    orphanSweepJob(options.name, options.what, () => sweep(deps), hours);
  return { sweep, job };
}
