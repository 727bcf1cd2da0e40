// The API's response envelopes (architecture.md §1 'API conventions').
export interface DataResponse<T> {
  data: T;
}
export interface Page<T> {
  rows: T[];
  pageCount: number;
}
export interface ErrorResponse {
  message: string;
}

/**
 * The header that proves to the API that a request went through the edge: the edge sets it to EDGE_SECRET
 * (edge/proxy.ts) and strips any the client sent; the API trusts the client address only with it (decision 008).
 */
export const EDGE_SECRET_HEADER = 'x-edge-secret';
