// Demo data for the mission screens (npm start on an empty database, right after the first Leon sync):
// the back-office fields staff fill in (cristal number, organs, meals, de-icing with its airports, OCS),
// a few missions closed by staff ('Clôturée'), a few requests not yet booked in Leon (no trip number:
// 'N.D'), and missions of the demo hospital in every status its user may see. Deterministic: the n-th
// mission in departure order always gets the same values.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { type MissionStatus, ORGAN_TYPES, type OrganType } from '../../contract/missions';
import type { Db } from '../db/client';
import { missionLegs, missions } from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed';
import { listableStatuses } from './queries';

/** The hospital of the demo HOSPITAL account (hopital@demo.test). */
export const DEMO_HOSPITAL = DEMO_ACCOUNTS.find((a) => a.email === 'hopital@demo.test')?.hospitals?.[0] ?? '';

/** Requests phoned in but not yet booked in Leon: no trip number, legs with ids Leon never uses (< 0). */
const UNBOOKED: ReadonlyArray<{ buyerName: string; legs: Array<[string, string, string, string]> }> = [
  {
    buyerName: DEMO_HOSPITAL,
    legs: [['LFBD', 'Bordeaux-Mérignac', 'LFLL', 'Lyon Saint-Exupéry']],
  },
  {
    buyerName: 'AP-HP Hôpital Européen Georges-Pompidou',
    legs: [
      ['LFPO', 'Paris-Orly', 'LFRS', 'Nantes Atlantique'],
      ['LFRS', 'Nantes Atlantique', 'LFPO', 'Paris-Orly'],
    ],
  },
  {
    buyerName: 'AP-HM Hôpital de la Timone',
    legs: [['LFMN', "Nice Côte d'Azur", 'LFML', 'Marseille Provence']],
  },
];

export interface DemoMissionsResult {
  filled: number;
  closed: number;
  unbooked: number;
}

export async function seedDemoMissions(db: Db, now: Date): Promise<DemoMissionsResult> {
  const live = () =>
    db
      .select({ id: missions.id, status: missions.status, buyerName: missions.buyerName })
      .from(missions)
      .orderBy(asc(missions.departureDateTime), asc(missions.id));
  let rows = await live();

  // The demo hospital gets at least one mission in each status its user may see ('Clôturée' below).
  for (const status of listableStatuses('HOSPITAL')) {
    if (status === 'CLOTUREE') continue;
    if (rows.some((m) => m.status === status && m.buyerName === DEMO_HOSPITAL)) continue;
    const other = rows.find((m) => m.status === status);
    if (other) await db.update(missions).set({ buyerName: DEMO_HOSPITAL }).where(eq(missions.id, other.id));
  }
  rows = await live();

  // Staff close one completed mission in four, and the demo hospital's first one when it has two.
  const done = rows.filter((m) => m.status === 'TERMINEE');
  const ours = done.filter((m) => m.buyerName === DEMO_HOSPITAL);
  const toClose = new Set(done.filter((_, i) => i % 4 === 3).map((m) => m.id));
  if (![...toClose].some((id) => ours.some((m) => m.id === id))) {
    if (ours.length >= 2) toClose.add(ours[0].id);
    else {
      const other = done.find((m) => !toClose.has(m.id) && m.buyerName !== DEMO_HOSPITAL);
      if (other) {
        await db.update(missions).set({ buyerName: DEMO_HOSPITAL }).where(eq(missions.id, other.id));
        toClose.add(other.id);
      }
    }
  }
  if (toClose.size)
    await db
      .update(missions)
      .set({ status: 'CLOTUREE', statusSetByStaff: true, updatedAt: now })
      .where(inArray(missions.id, [...toClose]));

  // The requests not yet in Leon.
  for (const [i, request] of UNBOOKED.entries()) {
    const departure = new Date(now.getTime() + (2 + i) * 86_400_000);
    const [created] = await db
      .insert(missions)
      .values({
        tripNumber: null,
        status: 'EN_ATTENTE',
        buyerName: request.buyerName,
        departureDateTime: departure,
      })
      .returning({ id: missions.id });
    await db.insert(missionLegs).values(
      request.legs.map(([adepIcao, adepName, adesIcao, adesName], position) => ({
        missionId: created.id,
        flightNid: -(i * 10 + position + 1),
        position,
        stdUtc: new Date(departure.getTime() + position * 4 * 3_600_000),
        staUtc: new Date(departure.getTime() + (position * 4 + 2) * 3_600_000),
        adepIcao,
        adepName,
        adesIcao,
        adesName,
      })),
    );
  }

  // The fields staff fill in, on every mission but one request in three (to show '-').
  const all = await db
    .select({ id: missions.id, status: missions.status, aircraftType: missions.aircraftType })
    .from(missions)
    .where(ne(missions.status, 'ANNULEE_45_PLUS'))
    .orderBy(asc(missions.departureDateTime), asc(missions.id));
  let filled = 0;
  for (const [n, mission] of all.entries()) {
    if (isRequest(mission.status) && n % 3 === 2) continue;
    const legs = await db
      .select({ adepIcao: missionLegs.adepIcao })
      .from(missionLegs)
      .where(and(eq(missionLegs.missionId, mission.id), eq(missionLegs.isCnl, false)))
      .orderBy(asc(missionLegs.position));
    const icing = n % 3 === 0 && legs.length > 0;
    const organs: OrganType[] = [ORGAN_TYPES[n % ORGAN_TYPES.length]];
    if (n % 4 === 1 && organs[0] !== 'REINS') organs.push('REINS');
    await db
      .update(missions)
      .set({
        numberOfCristal: 1 + (n % 3),
        organType: organs,
        numberOfMeals: n % 5,
        isWithOCS: n % 2 === 0,
        isWithIcing: icing,
        airportDeIcing: icing ? [...new Set(legs.slice(0, 1 + (n % 2)).map((l) => l.adepIcao))] : [],
        // One mission in seven keeps an undefined aircraft type, to show 'N.D'.
        aircraftType: mission.aircraftType === 'ND' && n % 7 !== 6 ? 'JET' : mission.aircraftType,
      })
      .where(eq(missions.id, mission.id));
    filled++;
  }
  return { filled, closed: toClose.size, unbooked: UNBOOKED.length };
}

const isRequest = (status: MissionStatus) => status === 'EN_ATTENTE' || status === 'PROGRAMMEE';
