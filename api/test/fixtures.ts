// Missions written straight into the database for tests and benchmarks of the read and edit calls
// (the Leon sync has tests of its own).
import type { MissionStatus, OrganType } from '../../contract/missions';
import type { Db } from '../db/client';
import { missionLegs, missions } from '../db/schema';

export interface FixtureMission {
  tripNumber: string | null;
  status: MissionStatus;
  buyerName: string;
  departure: string;
  legs?: Array<[string, string, string, string]>;
  numberOfCristal?: number;
  organType?: OrganType[];
}

/** Legs of a return trip Bordeaux → Marseille → Bordeaux (departure ICAO and name, arrival ICAO and name). */
export const BORDEAUX_MARSEILLE_RETURN: Array<[string, string, string, string]> = [
  ['LFBD', 'Bordeaux-Mérignac', 'LFML', 'Marseille-Provence'],
  ['LFML', 'Marseille-Provence', 'LFBD', 'Bordeaux-Mérignac'],
];

let nid = 1;

export async function insertMissions(db: Db, list: FixtureMission[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of list) {
    const [row] = await db
      .insert(missions)
      .values({
        tripNumber: m.tripNumber,
        status: m.status,
        buyerName: m.buyerName,
        departureDateTime: new Date(m.departure),
        aircraftType: 'JET',
        numberOfCristal: m.numberOfCristal ?? null,
        organType: m.organType ?? [],
      })
      .returning({ id: missions.id });
    const legs = m.legs ?? [['LFBD', 'Bordeaux-Mérignac', 'LFPG', 'Paris-Charles-de-Gaulle']];
    let start = new Date(m.departure).getTime();
    for (const [index, [adepIcao, adepName, adesIcao, adesName]] of legs.entries()) {
      await db.insert(missionLegs).values({
        missionId: row.id,
        flightNid: nid++,
        position: index,
        flightNo: `F-HBMV ${index + 1}`,
        stdUtc: new Date(start),
        staUtc: new Date(start + 80 * 60_000),
        adepIcao,
        adepName,
        adesIcao,
        adesName,
        registration: 'F-HBMV',
        passengerCount: 2,
        crew: [{ name: 'Paul', surname: 'Girard', position: 'CPT', phoneWork: '+33 6 12 34 56 78' }],
      });
      start += 3 * 3600_000;
    }
    ids.push(row.id);
  }
  return ids;
}
