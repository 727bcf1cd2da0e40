// Which screen of contract/routes.ts shows which price table, in the menu's order (requirements §2 'Side menu'):
// the menu and the route table read this, through web/prices/index.ts.
import { PRICE_TABLE_LABELS, type PriceTable } from '../../contract/price-tables';
import type { ScreenName } from '../../contract/routes';

export const PRICE_SCREENS: ReadonlyArray<{ screen: ScreenName; table: PriceTable; label: string }> = (
  [
    ['unitFlightCost', 'flightUnitCost'],
    ['regulationCost', 'regulationCost'],
    ['passengerMealCost', 'passengerMealCost'],
    ['airportCost', 'airportCost'],
    ['marketNumber', 'marketNumber'],
  ] as const
).map(([screen, table]) => ({ screen, table, label: PRICE_TABLE_LABELS[table] }));
