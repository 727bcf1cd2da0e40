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
