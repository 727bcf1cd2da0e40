// The prices feature as the rest of the API sees it: its routes, the cost engine and the price rows it
// reads. Nothing outside api/prices/ imports the files behind this one.
export {
  type AirportCost,
  type AirportPrice,
  BILLED_EXTRA_MINUTES,
  COST_REASONS,
  type CostLeg,
  type CostMission,
  type CostRecord,
  type CostRules,
  computeMissionCosts,
  createPriceBook,
  DEFAULT_COST_RULES,
  type Figure,
  type FlightUnitPrice,
  type MissionCosts,
  type PriceBook,
  type PriceRowsInCents,
  parisDay,
  priceRecord,
  type SinglePrice,
} from './cost-engine';
export { pricesRoutes } from './routes';
export { costLegColumns, loadPriceBook, priceBookAt, priceBookVersionSql } from './service';
