// Public face of web/prices: the one price screen (loaded on demand, its own chunk) and which screen of
// the route table shows which of the five tables, for the routes and the menu's 'Prix' group.
import { lazyScreen } from '../lib/lazy-screen';

export const PriceScreen = lazyScreen(() => import('./price-screen').then((m) => m.PriceScreen));
export { PRICE_SCREENS } from './screens';
