// Reference data of the simulated operator: French airports (real names, Europe/Paris), the hospitals
// that request flights, a fleet with French registrations and a crew roster with French names.

export interface SimAirport {
  /** Key used by the simulator: the ICAO code, or a local key for a site that has none. */
  key: string;
  airportNid: number;
  icao: string | null;
  iata: string | null;
  name: string;
  city: string;
  timezone: string;
  lat: number;
  lon: number;
}

const airport = (
  airportNid: number,
  icao: string,
  iata: string,
  name: string,
  city: string,
  lat: number,
  lon: number,
): SimAirport => ({ key: icao, airportNid, icao, iata, name, city, timezone: 'Europe/Paris', lat, lon });

export const AIRPORTS: readonly SimAirport[] = [
  airport(101, 'LFPG', 'CDG', 'Paris Charles-de-Gaulle', 'Roissy-en-France', 49.0097, 2.5479),
  airport(102, 'LFPO', 'ORY', 'Paris-Orly', 'Orly', 48.7262, 2.3652),
  airport(103, 'LFPB', 'LBG', 'Paris-Le Bourget', 'Le Bourget', 48.9694, 2.4414),
  airport(104, 'LFML', 'MRS', 'Marseille Provence', 'Marignane', 43.4393, 5.2214),
  airport(105, 'LFBO', 'TLS', 'Toulouse-Blagnac', 'Blagnac', 43.6291, 1.3638),
  airport(106, 'LFBD', 'BOD', 'Bordeaux-Mérignac', 'Mérignac', 44.8283, -0.7156),
  airport(107, 'LFLL', 'LYS', 'Lyon Saint-Exupéry', 'Colombier-Saugnieu', 45.7256, 5.0811),
  airport(108, 'LFQQ', 'LIL', 'Lille-Lesquin', 'Lesquin', 50.5619, 3.0894),
  airport(109, 'LFRS', 'NTE', 'Nantes Atlantique', 'Bouguenais', 47.1532, -1.6107),
  airport(110, 'LFST', 'SXB', 'Strasbourg-Entzheim', 'Entzheim', 48.5383, 7.6282),
  airport(111, 'LFMN', 'NCE', "Nice Côte d'Azur", 'Nice', 43.6584, 7.2159),
  airport(112, 'LFRN', 'RNS', 'Rennes Saint-Jacques', 'Saint-Jacques-de-la-Lande', 48.0695, -1.7348),
  airport(113, 'LFLC', 'CFE', 'Clermont-Ferrand Auvergne', 'Aulnat', 45.7867, 3.1692),
  airport(114, 'LFMT', 'MPL', 'Montpellier Méditerranée', 'Mauguio', 43.5762, 3.963),
  airport(115, 'LFRB', 'BES', 'Brest Bretagne', 'Guipavas', 48.4479, -4.4185),
  airport(116, 'LFJL', 'ETZ', 'Metz-Nancy-Lorraine', 'Goin', 48.9821, 6.2513),
  airport(117, 'LFRK', 'CFR', 'Caen-Carpiquet', 'Carpiquet', 49.1733, -0.45),
  airport(118, 'LFLS', 'GNB', 'Grenoble Alpes-Isère', 'Saint-Étienne-de-Saint-Geoirs', 45.3629, 5.3294),
  airport(119, 'LFBZ', 'BIQ', 'Biarritz Pays Basque', 'Anglet', 43.4684, -1.5311),
  airport(120, 'LFKJ', 'AJA', 'Ajaccio Napoléon-Bonaparte', 'Ajaccio', 41.9236, 8.8029),
  airport(121, 'LFSB', 'MLH', 'EuroAirport Bâle-Mulhouse-Fribourg', 'Saint-Louis', 47.59, 7.5291),
  airport(122, 'LFBI', 'PIS', 'Poitiers-Biard', 'Poitiers', 46.5877, 0.3066),
  // A hospital helipad has no ICAO code: Leon answers `code { icao: null }`, which the back-office
  // cannot map. Never generated; tests and the demo add it on purpose.
  {
    key: 'HELI-CHU-LILLE',
    airportNid: 190,
    icao: null,
    iata: null,
    name: 'Hélistation du CHU de Lille',
    city: 'Lille',
    timezone: 'Europe/Paris',
    lat: 50.6107,
    lon: 3.0336,
  },
];

export const AIRPORTS_BY_KEY: ReadonlyMap<string, SimAirport> = new Map(AIRPORTS.map((a) => [a.key, a]));

/** The operator's base, where 3-leg missions start and end. */
export const BASE_AIRPORT = 'LFPB';

export interface SimHospital {
  contactNid: number;
  name: string;
  airport: string;
  /** Relative share of the requests. */
  weight: number;
}

// The first five are the demo hospitals of the back-office's seed (api/db/seed.ts), so that a demo
// sync gives each of them missions.
export const HOSPITALS: readonly SimHospital[] = [
  { contactNid: 9001, name: 'CHU de Bordeaux – Hôpital Pellegrin', airport: 'LFBD', weight: 4 },
  { contactNid: 9002, name: 'AP-HP Hôpital Européen Georges-Pompidou', airport: 'LFPO', weight: 4 },
  { contactNid: 9003, name: 'Hospices Civils de Lyon – Hôpital Édouard-Herriot', airport: 'LFLL', weight: 4 },
  { contactNid: 9004, name: 'CHU de Toulouse – Hôpital Rangueil', airport: 'LFBO', weight: 3 },
  { contactNid: 9005, name: 'AP-HM Hôpital de la Timone', airport: 'LFML', weight: 3 },
  { contactNid: 9006, name: 'CHU de Lille – Hôpital Claude-Huriez', airport: 'LFQQ', weight: 2 },
  { contactNid: 9007, name: 'CHU de Nantes – Hôtel-Dieu', airport: 'LFRS', weight: 2 },
  { contactNid: 9008, name: 'CHU de Strasbourg – Nouvel Hôpital Civil', airport: 'LFST', weight: 2 },
];

export const HOSPITALS_BY_NAME: ReadonlyMap<string, SimHospital> = new Map(HOSPITALS.map((h) => [h.name, h]));

export interface SimAircraft {
  acftNid: number;
  registration: string;
  /** ICAO type designator, as Leon's acftType. */
  type: string;
  typeName: string;
  /** Cruise speed used to schedule legs, km/h. */
  speedKmh: number;
  weight: number;
}

export const FLEET: readonly SimAircraft[] = [
  {
    acftNid: 1,
    registration: 'F-HBMV',
    type: 'C56X',
    typeName: 'Cessna Citation XLS+',
    speedKmh: 740,
    weight: 4,
  },
  {
    acftNid: 2,
    registration: 'F-HLAT',
    type: 'C68A',
    typeName: 'Cessna Citation Latitude',
    speedKmh: 780,
    weight: 3,
  },
  {
    acftNid: 3,
    registration: 'F-HCPE',
    type: 'E55P',
    typeName: 'Embraer Phenom 300',
    speedKmh: 750,
    weight: 3,
  },
  {
    acftNid: 4,
    registration: 'F-HDFA',
    type: 'F2TH',
    typeName: 'Dassault Falcon 2000',
    speedKmh: 800,
    weight: 1,
  },
  {
    acftNid: 5,
    registration: 'F-HGPB',
    type: 'PC12',
    typeName: 'Pilatus PC-12 NGX',
    speedKmh: 500,
    weight: 3,
  },
  {
    acftNid: 6,
    registration: 'F-HKAB',
    type: 'B350',
    typeName: 'Beechcraft King Air 350',
    speedKmh: 540,
    weight: 2,
  },
  { acftNid: 7, registration: 'F-HTBM', type: 'TBM9', typeName: 'Daher TBM 940', speedKmh: 550, weight: 1 },
  // A type outside the JET/TURBOPROP table: the back-office shows it as N.D until staff set it.
  { acftNid: 8, registration: 'F-HVEA', type: 'EA50', typeName: 'Eclipse 550', speedKmh: 650, weight: 1 },
];

export const FLEET_BY_REGISTRATION: ReadonlyMap<string, SimAircraft> = new Map(
  FLEET.map((a) => [a.registration, a]),
);

export const JET_TYPES = new Set(['C56X', 'C68A', 'E55P', 'F2TH', 'EA50']);

export interface SimCrewMember {
  contactNid: number;
  name: string;
  surname: string;
  phoneWork: string;
  /** What this person flies as. */
  role: 'CPT' | 'FO' | 'FA';
}

const crew = (
  contactNid: number,
  name: string,
  surname: string,
  phoneWork: string,
  role: SimCrewMember['role'],
) => ({
  contactNid,
  name,
  surname,
  phoneWork,
  role,
});

export const CREW: readonly SimCrewMember[] = [
  crew(7001, 'Julien', 'Moreau', '+33 6 12 48 73 90', 'CPT'),
  crew(7002, 'Claire', 'Dubois', '+33 6 23 57 81 04', 'CPT'),
  crew(7003, 'Antoine', 'Lefèvre', '+33 6 34 62 95 17', 'CPT'),
  crew(7004, 'Isabelle', 'Garnier', '+33 6 45 70 13 28', 'CPT'),
  crew(7005, 'Nicolas', 'Fontaine', '+33 6 56 81 24 39', 'CPT'),
  crew(7006, 'Sophie', 'Marchand', '+33 6 67 92 35 40', 'CPT'),
  crew(7011, 'Thomas', 'Girard', '+33 7 81 03 46 52', 'FO'),
  crew(7012, 'Camille', 'Roux', '+33 7 82 14 57 63', 'FO'),
  crew(7013, 'Maxime', 'Lambert', '+33 7 83 25 68 74', 'FO'),
  crew(7014, 'Léa', 'Chevalier', '+33 7 84 36 79 85', 'FO'),
  crew(7015, 'Hugo', 'Bernard', '+33 7 85 47 80 96', 'FO'),
  crew(7016, 'Manon', 'Robin', '+33 7 86 58 91 07', 'FO'),
  crew(7021, 'Élodie', 'Perrin', '+33 6 90 12 34 56', 'FA'),
  crew(7022, 'Sébastien', 'Faure', '+33 6 91 23 45 67', 'FA'),
];

/** A member of the roster, by Leon's contact id, as a leg carries them (in their own role unless given). */
export function crewOnLeg(contactNid: number, position?: string) {
  const member = CREW.find((c) => c.contactNid === contactNid);
  if (!member) throw new TypeError(`No crew member ${contactNid}`);
  const { name, surname, phoneWork, role } = member;
  return { contactNid, position: position ?? role, name, surname, phoneWork };
}
