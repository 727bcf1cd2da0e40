// The five price tables and their French names (requirements §2 'Side menu'), apart from the schemas of
// contract/prices.ts so that the menu can name them without loading those.
export const PRICE_TABLES = [
  'flightUnitCost',
  'regulationCost',
  'passengerMealCost',
  'airportCost',
  'marketNumber',
] as const;
export type PriceTable = (typeof PRICE_TABLES)[number];

/** Menu and screen titles (requirements §2 'Side menu'). */
export const PRICE_TABLE_LABELS: Record<PriceTable, string> = {
  flightUnitCost: "Coût unitaire de l'heure de vol",
  regulationCost: 'Coût de la régulation',
  passengerMealCost: 'Coût des repas des passagers',
  airportCost: "Coût de l'aéroport",
  marketNumber: 'Numéro de marché',
};
