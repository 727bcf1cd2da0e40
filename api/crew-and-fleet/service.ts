// What the pilots and the aircraft seen on synced legs did over a period (decision 034): the legs of the
// period are read once (not cancelled, of a mission not deleted, departed in the period) and grouped here,
// by Leon's crew member id (by name for legs synced before it was kept) of the flight crew (cabin crew
// left out), or by registration. Block time is block-off to block-on of the flown legs; the fleet's cost is
// the cost engine's, mission by mission, the same figure in an aircraft's row and in its missions.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ACTIVITY_MISSIONS_PAGE_SIZE,
  type ActivityListQueryInput,
  type ActivityMissionRow,
  type AircraftMissionRow,
  type AircraftMissionsQueryInput,
  type AircraftRow,
  activityPeriodProblem,
  CREW_AND_FLEET_PAGE_SIZE,
  CREW_POSITION_ORDER,
  defaultPeriod,
  isFlightCrew,
  type MissionLink,
  type Period,
  type PilotMissionsQueryInput,
  type PilotRow,
} from '../../contract/crew-and-fleet';
import type { AircraftType, CrewMember, MissionStatus } from '../../contract/missions';
import type { Db } from '../db/client';
import { missionLegs, missions } from '../db/schema';
import type { Deps } from '../lib/context';
import { fail } from '../lib/errors';
import { pageParams, toPage } from '../lib/paging';
import { fromParisDay, untilParisDay } from '../lib/paris-days';
import { type CostRules, computeMissionCosts, type Figure, loadPriceBook, type PriceBook } from '../prices';

/**
 * The period asked for, each missing end taken from the default (the last 12 months); refused (400) when
 * it is longer than 36 months, as a whole period is by the query's schema: a start given alone far back
 * would otherwise read every leg up to today.
 */
export function periodOf(q: { startDate?: string; endDate?: string }, now: Date): Period {
  const fallback = defaultPeriod(now);
  const endDate = q.endDate ?? fallback.endDate;
  // A start given alone after the default end, or an end alone before the default start: a one-day period.
  const earlier = (a: string, b: string) => [a, b].sort()[0];
  const later = (a: string, b: string) => [a, b].sort()[1];
  const startDate = q.startDate ?? earlier(endDate, fallback.startDate);
  const period = { startDate, endDate: later(endDate, startDate) };
  const problem = activityPeriodProblem(period);
  if (problem) fail(400, problem);
  return period;
}

export interface PeriodLeg {
  missionId: string;
  position: number;
  departure: Date;
  stdUtc: Date;
  staUtc: Date;
  bloffUtc: Date | null;
  blonUtc: Date | null;
  adepIcao: string;
  adesIcao: string;
  registration: string | null;
  crew: CrewMember[];
  tripNumber: string | null;
  status: MissionStatus;
  buyerName: string | null;
  missionDeparture: Date | null;
  aircraftType: AircraftType;
  isWithOCS: boolean | null;
  numberOfMeals: number | null;
  airportDeIcing: string[];
}

const departure = sql<Date>`coalesce(${missionLegs.bloffUtc}, ${missionLegs.stdUtc})`.mapWith(
  missionLegs.stdUtc,
);

/** The legs of the period: not cancelled, of a live mission, departed (block-off, else scheduled) in it. */
export async function legsOf(db: Db, period: Period): Promise<PeriodLeg[]> {
  const rows = await db
    .select({
      missionId: missionLegs.missionId,
      position: missionLegs.position,
      departure,
      stdUtc: missionLegs.stdUtc,
      staUtc: missionLegs.staUtc,
      bloffUtc: missionLegs.bloffUtc,
      blonUtc: missionLegs.blonUtc,
      adepIcao: missionLegs.adepIcao,
      adesIcao: missionLegs.adesIcao,
      registration: missionLegs.registration,
      crew: missionLegs.crew,
      tripNumber: missions.tripNumber,
      status: missions.status,
      buyerName: missions.buyerName,
      missionDeparture: missions.departureDateTime,
      aircraftType: missions.aircraftType,
      isWithOCS: missions.isWithOCS,
      numberOfMeals: missions.numberOfMeals,
      airportDeIcing: missions.airportDeIcing,
    })
    .from(missionLegs)
    .innerJoin(missions, eq(missions.id, missionLegs.missionId))
    .where(
      and(
        isNull(missions.deletedAt),
        eq(missionLegs.isCnl, false),
        fromParisDay(departure, period.startDate),
        untilParisDay(departure, period.endDate),
      ),
    );
  return rows
    .map((r) => ({ ...r, departure: new Date(r.departure), crew: Array.isArray(r.crew) ? r.crew : [] }))
    .sort((a, b) => a.departure.getTime() - b.departure.getTime() || a.position - b.position);
}

/** Block-off to block-on in whole minutes, or null when the leg has not been flown (or its times are odd). */
export function blockMinutes(leg: Pick<PeriodLeg, 'bloffUtc' | 'blonUtc'>): number | null {
  if (!leg.bloffUtc || !leg.blonUtc) return null;
  const ms = leg.blonUtc.getTime() - leg.bloffUtc.getTime();
  return ms >= 0 ? Math.round(ms / 60_000) : null;
}

/** Lower case, accents off, spaces collapsed: how names and searches are compared. */
export const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export const fullName = (m: CrewMember) => `${m.name ?? ''} ${m.surname ?? ''}`.replace(/\s+/g, ' ').trim();

/** What the legs of one pilot or aircraft add up to. */
interface Tally {
  missions: Set<string>;
  flownMissions: Set<string>;
  legs: number;
  blockMinutes: number;
  last: PeriodLeg | null;
}

const newTally = (): Tally => ({
  missions: new Set(),
  flownMissions: new Set(),
  legs: 0,
  blockMinutes: 0,
  last: null,
});

function count(tally: Tally, leg: PeriodLeg) {
  tally.missions.add(leg.missionId);
  const minutes = blockMinutes(leg);
  if (minutes !== null) {
    tally.flownMissions.add(leg.missionId);
    tally.legs += 1;
    tally.blockMinutes += minutes;
  }
  tally.last = leg; // legs come in departure order
}

const link = (leg: PeriodLeg | null): MissionLink | null =>
  leg && {
    missionId: leg.missionId,
    tripNumber: leg.tripNumber,
    departure: (leg.missionDeparture ?? leg.departure).toISOString(),
  };

const positionRank = (p: string) => {
  const i = CREW_POSITION_ORDER.indexOf(p);
  return i === -1 ? CREW_POSITION_ORDER.length : i;
};

/** The members of a leg's crew who flew it as pilots (`FLIGHT_CREW_POSITIONS`): the screen's people. */
const pilotsOf = (leg: PeriodLeg) => leg.crew.filter(isFlightCrew);

/**
 * The key of each pilot of `legs`: Leon's id when the leg has it; otherwise the id Leon gives the same name
 * on other legs, when exactly one; otherwise the name.
 */
function crewKeys(legs: PeriodLeg[]) {
  return pilotKeys(legs.flatMap(pilotsOf));
}

/**
 * The key of a pilot among `members` (every pilot of the legs read): Leon's id when the member has it;
 * otherwise the id Leon gives the same name among `members`, when exactly one; otherwise the name. The
 * Pilotes screen's row ids, which the dashboard's grouping of the same legs reuses.
 */
export function pilotKeys(members: Iterable<CrewMember>) {
  const idsByName = new Map<string, Set<number>>();
  for (const member of members)
    if (typeof member.contactNid === 'number') {
      const name = folded(fullName(member));
      const ids = idsByName.get(name) ?? new Set<number>();
      ids.add(member.contactNid);
      idsByName.set(name, ids);
    }
  return (member: CrewMember): string | null => {
    if (typeof member.contactNid === 'number') return `c${member.contactNid}`;
    const name = folded(fullName(member));
    if (!name) return null;
    const ids = idsByName.get(name);
    return ids?.size === 1 ? `c${[...ids][0]}` : `n:${name}`;
  };
}

interface PilotTally extends Tally {
  name: string;
  positions: Set<string>;
  phoneWork: string | null;
}

/** Every pilot of the period's legs, with what they flew as one, in name order. */
export function pilotRows(legs: PeriodLeg[]): PilotRow[] {
  const keyOf = crewKeys(legs);
  const pilots = new Map<string, PilotTally>();
  for (const leg of legs) {
    const seen = new Set<string>();
    for (const member of pilotsOf(leg)) {
      const key = keyOf(member);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const pilot = pilots.get(key) ?? {
        ...newTally(),
        name: fullName(member),
        positions: new Set<string>(),
        phoneWork: null,
      };
      count(pilot, leg);
      if (member.position) pilot.positions.add(member.position);
      // The latest leg's name and phone: Leon's current ones.
      if (fullName(member)) pilot.name = fullName(member);
      if (member.phoneWork) pilot.phoneWork = member.phoneWork;
      pilots.set(key, pilot);
    }
  }
  return [...pilots]
    .map(([id, p]) => ({
      id,
      name: p.name,
      positions: [...p.positions].sort((a, b) => positionRank(a) - positionRank(b) || a.localeCompare(b)),
      phoneWork: p.phoneWork,
      missions: p.flownMissions.size,
      legs: p.legs,
      blockMinutes: p.blockMinutes,
      lastMission: link(p.last),
      identifiedByLeon: id.startsWith('c'),
    }))
    .sort((a, b) => sortName(a.name).localeCompare(sortName(b.name), 'fr') || a.id.localeCompare(b.id));
}

/** 'Claire Dubois' sorts as 'dubois claire'. */
const sortName = (name: string) => {
  const parts = folded(name).split(' ');
  return [...parts.slice(1), parts[0]].join(' ');
};

/** The legs one pilot (a row id of `pilotRows`) flew as one. */
export function legsOfPilot(legs: PeriodLeg[], pilot: string): PeriodLeg[] {
  const keyOf = crewKeys(legs);
  return legs.filter((leg) => pilotsOf(leg).some((member) => keyOf(member) === pilot));
}

/** The flown legs of `legs` (one aircraft's), by mission. */
function flownByMission(legs: PeriodLeg[]): Map<string, PeriodLeg[]> {
  const byMission = new Map<string, PeriodLeg[]>();
  for (const leg of legs)
    if (blockMinutes(leg) !== null)
      byMission.set(leg.missionId, [...(byMission.get(leg.missionId) ?? []), leg]);
  return byMission;
}

/**
 * The flight-time cost in cents of one mission's flown legs on one aircraft: the cost engine's, with the
 * mission's type, OCS, meals and day and the operator's rules. Each aircraft's total adds these up, and its
 * missions show each (`aircraftMissionsPage`), so that the total is the sum of what they show.
 */
function missionFlightCost(flown: PeriodLeg[], book: PriceBook, rules: CostRules): Figure {
  const [first] = flown;
  return computeMissionCosts(
    {
      departureDateTime: first.missionDeparture ?? first.departure,
      aircraftType: first.aircraftType,
      isWithOCS: first.isWithOCS,
      numberOfMeals: first.numberOfMeals,
      airportDeIcing: first.airportDeIcing,
      legs: flown,
    },
    book,
    rules,
  ).costOfFlightTime;
}

/** Every aircraft of the period's legs, with its missions, block time and flight-time cost. */
export function aircraftRows(legs: PeriodLeg[], book: PriceBook, rules: CostRules): AircraftRow[] {
  const fleet = new Map<string, { tally: Tally; legs: PeriodLeg[] }>();
  for (const leg of legs) {
    if (!leg.registration) continue;
    const aircraft = fleet.get(leg.registration) ?? { tally: newTally(), legs: [] };
    count(aircraft.tally, leg);
    aircraft.legs.push(leg);
    fleet.set(leg.registration, aircraft);
  }
  return [...fleet]
    .map(([registration, { tally: a, legs: own }]) => {
      let cents = 0;
      let missionsWithoutCost = 0;
      for (const flown of flownByMission(own).values()) {
        const cost = missionFlightCost(flown, book, rules);
        if (cost.ok) cents += cost.value;
        else missionsWithoutCost += 1;
      }
      return {
        id: registration,
        registration,
        // The type of its latest mission (staff may have corrected Leon's).
        aircraftType: a.last?.aircraftType ?? 'ND',
        missions: a.flownMissions.size,
        legs: a.legs,
        blockMinutes: a.blockMinutes,
        flightCost: cents / 100,
        missionsWithoutCost,
        lastFlight: link(a.last),
      };
    })
    .sort((a, b) => a.registration.localeCompare(b.registration));
}

/** The missions of `legs` (one pilot's or one aircraft's), latest first. */
export function missionRows(legs: PeriodLeg[]): ActivityMissionRow[] {
  const byMission = new Map<string, PeriodLeg[]>();
  for (const leg of legs) byMission.set(leg.missionId, [...(byMission.get(leg.missionId) ?? []), leg]);
  return [...byMission]
    .map(([id, list]) => {
      const [first] = list;
      const minutes = list.map(blockMinutes).filter((m): m is number => m !== null);
      return {
        id,
        tripNumber: first.tripNumber,
        status: first.status,
        buyerName: first.buyerName,
        departure: first.departure.toISOString(),
        route: [first.adepIcao, ...list.map((l) => l.adesIcao)].join(' → '),
        legs: minutes.length,
        blockMinutes: minutes.reduce((sum, m) => sum + m, 0),
        registrations: [...new Set(list.map((l) => l.registration).filter((r): r is string => !!r))],
      };
    })
    .sort((a, b) => b.departure.localeCompare(a.departure));
}

/** What the pages below read: the database, the clock (the default period), the cost rules. */
type ActivityDeps = Pick<Deps, 'db' | 'now' | 'config'>;

const pageOf = <T>(rows: T[], page: { offset: number; pageSize: number }) =>
  toPage(rows.slice(page.offset, page.offset + page.pageSize), rows.length, page.pageSize);

/** A page of `rows`, those whose `name` holds the search (accents and case aside). */
function searchedPage<Row>(rows: Row[], q: ActivityListQueryInput, name: (row: Row) => string) {
  const page = pageParams(q, CREW_AND_FLEET_PAGE_SIZE);
  const search = folded(page.search);
  return pageOf(
    rows.filter((row) => !search || folded(name(row)).includes(search)),
    page,
  );
}

/** GET /pilots: the crew members of the period's legs, searched by name. */
export async function pilotsPage(deps: ActivityDeps, q: ActivityListQueryInput) {
  const legs = await legsOf(deps.db, periodOf(q, deps.now()));
  return searchedPage(pilotRows(legs), q, (row) => row.name);
}

/** GET /fleet: the aircraft of the period's legs with their flight-time cost, searched by registration. */
export async function fleetPage(deps: ActivityDeps, q: ActivityListQueryInput) {
  const [legs, book] = await Promise.all([legsOf(deps.db, periodOf(q, deps.now())), loadPriceBook(deps.db)]);
  return searchedPage(aircraftRows(legs, book, deps.config.costRules), q, (row) => row.registration);
}

/** A page of the missions of the period's legs that `keep` keeps (one row's legs). */
async function missionsPage(
  deps: ActivityDeps,
  q: PilotMissionsQueryInput | AircraftMissionsQueryInput,
  keep: (legs: PeriodLeg[]) => PeriodLeg[],
) {
  const page = pageParams(q, ACTIVITY_MISSIONS_PAGE_SIZE);
  const legs = keep(await legsOf(deps.db, periodOf(q, deps.now())));
  return pageOf(missionRows(legs), page);
}

/** GET /pilots/missions: the missions of one pilot (its row id). */
export const pilotMissionsPage = (deps: ActivityDeps, q: PilotMissionsQueryInput) =>
  missionsPage(deps, q, (legs) => legsOfPilot(legs, q.pilot));

/**
 * GET /fleet/missions: the missions of one aircraft (its registration, case aside), each with the
 * flight-time cost its row adds up (`missionFlightCost`, in euros), or why it is unknown.
 */
export async function aircraftMissionsPage(deps: ActivityDeps, q: AircraftMissionsQueryInput) {
  const wanted = q.registration.toUpperCase();
  const page = pageParams(q, ACTIVITY_MISSIONS_PAGE_SIZE);
  const [all, book] = await Promise.all([legsOf(deps.db, periodOf(q, deps.now())), loadPriceBook(deps.db)]);
  const legs = all.filter((leg) => leg.registration?.toUpperCase() === wanted);
  const flown = flownByMission(legs);
  const shown = pageOf(missionRows(legs), page);
  return {
    ...shown,
    rows: shown.rows.map((row): AircraftMissionRow => {
      const own = flown.get(row.id);
      const cost = own ? missionFlightCost(own, book, deps.config.costRules) : null;
      return { ...row, flightCost: cost && (cost.ok ? { ok: true, value: cost.value / 100 } : cost) };
    }),
  };
}
