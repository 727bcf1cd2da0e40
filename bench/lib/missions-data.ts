// The missions the statistics, billing and dashboard benchmarks read: the demo seed, then `count` missions, every
// seventh status, one departure an hour back from 1 November 2026 over 20,000 hours, one flown leg each,
// spread over the demo hospitals; the trigger of migration 0008 makes the statistic records of those in
// scope. Answers the hospitals as an SQL array, for the rows a benchmark adds after.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { DEMO_HOSPITALS, seedDemo } from '../../api/db/seed';

export async function fillMissions(database: Database, count: number): Promise<SQL> {
  await seedDemo(database.db, new Date('2026-11-01T00:00:00Z'));
  const hospitals = sql.raw(`array[${DEMO_HOSPITALS.map((h) => `'${h.replace(/'/g, "''")}'`).join(',')}]`);
  await database.db.execute(sql`
    insert into missions (trip_number, status, buyer_name, departure_date_time, aircraft_type, number_of_cristal,
      organ_type, number_of_meals, is_with_ocs, is_with_icing, airport_de_icing)
    select 'TR-' || g,
      (array['EN_ATTENTE','PROGRAMMEE','EN_COURS','ANNULEE_45_PLUS','ANNULEE_45_MOINS','TERMINEE','CLOTUREE'])[1 + g % 7]::mission_status,
      (${hospitals})[1 + g % ${DEMO_HOSPITALS.length}],
      timestamptz '2026-11-01 00:00:00+00' - interval '1 hour' * (g % 20000),
      (array['JET','TURBOPROP','JET','ND'])[1 + g % 4]::aircraft_type, g % 9000,
      string_to_array((array['COEUR','FOIE','POUMONS,REINS','REINS','PANCREAS'])[1 + g % 5], ','), g % 5, g % 2 = 0, g % 3 = 0,
      case when g % 3 = 0 then array['LFBD'] else '{}'::text[] end
    from generate_series(1, ${count}) g`);
  await database.db.execute(sql`
    insert into mission_legs (mission_id, flight_nid, position, std_utc, sta_utc, bloff_utc, blon_utc, adep_icao, adep_name, ades_icao, ades_name)
    select id, row_number() over (), 0, departure_date_time, departure_date_time + interval '80 minutes',
      departure_date_time + interval '5 minutes', departure_date_time + interval '83 minutes',
      'LFBD', 'Bordeaux-Mérignac', 'LFPG', 'Paris-Charles-de-Gaulle'
    from missions`);
  return hospitals;
}

/**
 * `count` invoices and credit notes for the missions of `fillMissions` (its hospitals' SQL array): those the
 * billing and dashboard benchmarks read.
 */
export async function fillInvoices(database: Database, hospitals: SQL, count: number): Promise<void> {
  // Invoices for missions in scope (trip numbers k with k % 7 in 4..6), about 3.5 each, a tenth of them
  // credit notes and a tenth recharge invoices, five days after the departure; one in 1,000 for a trip the
  // back-office does not know.
  await database.db.execute(sql`
    insert into invoices (leon_invoice_nid, status, invoice_type, invoice_date, invoice_number,
      requester_trip_number, requester, net_cents, debit_cents, credit_cents)
    select 1000000 + i, 'PENDING',
      case when i % 10 = 0 then 'CREDIT_NOTE' when i % 10 = 1 then 'RECHARGE_INVOICE' else 'INVOICE' end,
      ((timestamptz '2026-11-01 00:00:00+00' - interval '1 hour' * (k % 20000)) at time zone 'Europe/Paris')::date + 5,
      'FA-' || i,
      case when i % 1000 = 0 then 'ZZ-' || i else 'TR-' || k end,
      (${hospitals})[1 + k % ${DEMO_HOSPITALS.length}],
      1500000 + (i * 7919) % 1000000,
      case when i % 10 = 0 then 1800000 else 0 end,
      case when i % 10 = 0 then 0 else 1800000 end
    from (select i, 7 * ((i % 42857) / 3) + 4 + (i % 42857) % 3 as k from generate_series(1, ${count}) i) s`);
}
