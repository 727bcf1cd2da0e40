// The prices API as the price dialog calls it: each table's paths from contract/prices.ts (PRICE_PATHS),
// bodies typed by that table's schemas (PRICE_SCHEMAS) and answers by its row (PriceRows). The lists go
// through usePagedList (web/lib) on PRICE_PATHS[table].list.
import type { Infer } from 'superstruct';
import type { DataResponse } from '../../contract/http';
import { PRICE_PATHS, type PRICE_SCHEMAS, type PriceRows, type PriceTable } from '../../contract/prices';
import { apiCall } from '../lib/api';

/** The body of a table's create or edit call, as its contract schema takes it. */
export type PriceBody<T extends PriceTable, K extends 'create' | 'edit'> = Infer<
  (typeof PRICE_SCHEMAS)[T][K]
>;

/** POST /price/<table>-create: the row as created. */
export async function createPrice<T extends PriceTable>(
  table: T,
  body: PriceBody<T, 'create'>,
): Promise<PriceRows[T]> {
  return (await apiCall<DataResponse<PriceRows[T]>>(PRICE_PATHS[table].create, { method: 'POST', body }))
    .data;
}

/** PUT /price/<table>-edit/ (the row's id in the body): the row as saved. */
export async function editPrice<T extends PriceTable>(
  table: T,
  body: PriceBody<T, 'edit'>,
): Promise<PriceRows[T]> {
  return (await apiCall<DataResponse<PriceRows[T]>>(PRICE_PATHS[table].edit, { method: 'PUT', body })).data;
}
