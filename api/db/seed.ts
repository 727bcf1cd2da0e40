// Demo data for a newcomer (architecture.md §7): hospitals, one account per role and the price tables, into an
// empty database.
import { sql } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import {
  airportCosts,
  flightUnitCosts,
  hospitals,
  marketNumbers,
  passengerMealCosts,
  regulationCosts,
  users,
} from './schema';

export const DEMO_PASSWORD = 'Demo-2026!';

export const DEMO_HOSPITALS = [
  'CHU de Bordeaux – Hôpital Pellegrin',
  'AP-HP Hôpital Européen Georges-Pompidou',
  'Hospices Civils de Lyon – Hôpital Édouard-Herriot',
  'CHU de Toulouse – Hôpital Rangueil',
  'AP-HM Hôpital de la Timone',
];

export const DEMO_ACCOUNTS: Array<{
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  /** A HOSPITAL account's hospitals (one or more). */
  hospitals?: string[];
  forceChangePassword?: boolean;
  note?: string;
}> = [
  {
    email: 'admin@demo.test',
    firstName: 'Claire',
    lastName: 'Dubois',
    phone: '+33 1 45 00 00 01',
    role: 'ADMIN',
  },
  {
    email: 'operation@demo.test',
    firstName: 'Julien',
    lastName: 'Moreau',
    phone: '+33 1 45 00 00 02',
    role: 'OPERATION',
  },
  {
    email: 'accounting@demo.test',
    firstName: 'Sophie',
    lastName: 'Laurent',
    phone: '+33 1 45 00 00 03',
    role: 'ACCOUNTING',
  },
  {
    email: 'hopital@demo.test',
    firstName: 'Marc',
    lastName: 'Lefèvre',
    phone: '+33 5 56 79 56 79',
    role: 'HOSPITAL',
    hospitals: [DEMO_HOSPITALS[0]],
    note: DEMO_HOSPITALS[0],
  },
  {
    email: 'hopitaux@demo.test',
    firstName: 'Nadia',
    lastName: 'Benali',
    phone: '+33 1 45 00 00 06',
    role: 'HOSPITAL',
    hospitals: [DEMO_HOSPITALS[1], DEMO_HOSPITALS[4]],
    note: `two hospitals: ${DEMO_HOSPITALS[1]} and ${DEMO_HOSPITALS[4]}`,
  },
  {
    email: 'nouveau@demo.test',
    firstName: 'Léa',
    lastName: 'Garnier',
    phone: '+33 1 45 00 00 05',
    role: 'OPERATION',
    forceChangePassword: true,
    note: 'must change its password at first sign-in',
  },
];

/** Seeds hospitals, accounts and price tables when no user exists; returns whether it seeded. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(hospitals)
      .values(DEMO_HOSPITALS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        phone: a.phone,
        role: a.role,
        hospitals: a.hospitals ?? [],
        passwordHash,
        forceChangePassword: a.forceChangePassword ?? false,
      })),
    );
    const prices = demoPriceRows(now);
    await tx.insert(flightUnitCosts).values(prices.flightUnitCosts);
    await tx.insert(regulationCosts).values(prices.regulationCosts);
    await tx.insert(passengerMealCosts).values(prices.passengerMealCosts);
    await tx.insert(airportCosts).values(prices.airportCosts);
    await tx.insert(marketNumbers).values(prices.marketNumbers);
  });
  return true;
}

// ---- Price tables ------------------------------------------------------------------------------------
// From 2023-01-01 to the end of the year a year from now, yearly periods with French prices rising a few
// percent a year. One deliberate gap, so that a missing price can be seen: no passenger meal price in
// August 2025 (DEMO_PRICE_GAP).

/** The airports of the Leon simulator (api/leon/simulator/data.ts), with their names there, and the
 * 2023 airport charges in euros with and without de-icing. */
export const DEMO_AIRPORT_PRICES: ReadonlyArray<
  [icao: string, name: string, deIcing: number, plain: number]
> = [
  ['LFPG', 'Paris Charles-de-Gaulle', 1450, 620],
  ['LFPO', 'Paris-Orly', 1280, 540],
  ['LFPB', 'Paris-Le Bourget', 1150, 480],
  ['LFML', 'Marseille Provence', 1020, 410],
  ['LFBO', 'Toulouse-Blagnac', 940, 380],
  ['LFBD', 'Bordeaux-Mérignac', 920, 370],
  ['LFLL', 'Lyon Saint-Exupéry', 1060, 430],
  ['LFQQ', 'Lille-Lesquin', 880, 330],
  ['LFRS', 'Nantes Atlantique', 860, 340],
  ['LFST', 'Strasbourg-Entzheim', 990, 360],
  ['LFMN', "Nice Côte d'Azur", 1080, 450],
  ['LFRN', 'Rennes Saint-Jacques', 790, 310],
  ['LFLC', 'Clermont-Ferrand Auvergne', 820, 290],
  ['LFMT', 'Montpellier Méditerranée', 760, 300],
  ['LFRB', 'Brest Bretagne', 740, 280],
  ['LFJL', 'Metz-Nancy-Lorraine', 810, 270],
  ['LFRK', 'Caen-Carpiquet', 700, 260],
  ['LFLS', 'Grenoble Alpes-Isère', 870, 280],
  ['LFBZ', 'Biarritz Pays Basque', 720, 290],
  ['LFKJ', 'Ajaccio Napoléon-Bonaparte', 690, 320],
  ['LFSB', 'EuroAirport Bâle-Mulhouse-Fribourg', 1010, 390],
  ['LFBI', 'Poitiers-Biard', 650, 240],
];

export const DEMO_PRICES_FROM = '2023-01-01';
/** The one stretch of days without a price in the demo tables. */
export const DEMO_PRICE_GAP = {
  table: 'passengerMealCost',
  fromDate: '2025-08-01',
  toDate: '2025-08-31',
} as const;

/** Last day the demo prices cover: 31 December of the year a year from `now`. */
export const demoPricesUntil = (now: Date) => `${now.getUTCFullYear() + 1}-12-31`;

/** `euros` grown by `rate` a year for `years` years, rounded to `step` euros, in cents. */
function grown(euros: number, rate: number, years: number, step: number): number {
  const stepCents = Math.round(step * 100);
  return Math.round((euros * 100 * (1 + rate) ** years) / stepCents) * stepCents;
}

export function demoPriceRows(now: Date) {
  const lastYear = now.getUTCFullYear() + 1;
  const years = Array.from({ length: lastYear - 2022 }, (_, i) => 2023 + i);
  const yearly = (year: number) => ({ fromDate: `${year}-01-01`, toDate: `${year}-12-31` });

  const flightUnitCosts = years.map((year) => ({
    ...yearly(year),
    priceJetWithOcsCents: grown(5450, 0.035, year - 2023, 10),
    priceJetWithoutOcsCents: grown(4980, 0.035, year - 2023, 10),
    priceTurbopropWithOcsCents: grown(3620, 0.035, year - 2023, 10),
    priceTurbopropWithoutOcsCents: grown(3290, 0.035, year - 2023, 10),
  }));
  const regulationCosts = years.map((year) => ({
    ...yearly(year),
    priceCents: grown(385, 0.03, year - 2023, 0.5),
  }));
  const passengerMealCosts = years.flatMap((year) => {
    const priceCents = grown(24.5, 0.04, year - 2023, 0.1);
    if (year !== 2025) return [{ ...yearly(year), priceCents }];
    return [
      { fromDate: '2025-01-01', toDate: '2025-07-31', priceCents },
      { fromDate: '2025-09-01', toDate: '2025-12-31', priceCents },
    ];
  });
  const airportCosts = years.flatMap((year) =>
    DEMO_AIRPORT_PRICES.map(([icaoCode, airportName, deIcing, plain]) => ({
      ...yearly(year),
      icaoCode,
      airportName,
      priceWithDeIcingCents: grown(deIcing, 0.03, year - 2023, 1),
      priceWithoutDeIcingCents: grown(plain, 0.03, year - 2023, 1),
    })),
  );
  // Public contracts of the Agence de la biomédecine, renewed on 1 July of even years after the first.
  const marketStarts = ['2023-01-01'];
  for (let year = 2024; year <= lastYear; year += 2) marketStarts.push(`${year}-07-01`);
  const marketNumbers = marketStarts.map((fromDate, i) => ({
    fromDate,
    toDate: i + 1 < marketStarts.length ? dayBefore(marketStarts[i + 1]) : `${lastYear}-12-31`,
    value: `ABM-${fromDate.slice(0, 4)}-TAO-${String(17 + 6 * i).padStart(3, '0')} – Transport aérien d'organes`,
  }));
  return { flightUnitCosts, regulationCosts, passengerMealCosts, airportCosts, marketNumbers };
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
