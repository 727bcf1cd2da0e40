// The billing check's figures as the screen and its breakdown write them.
import { formatEuros } from '../../contract/invoices';
import { frenchDay as dayOf } from '../../contract/validation';

export const frenchDay = (value: string | null) => (value ? dayOf(value) : '-');
export const euros = (value: number | null) => (value === null ? '-' : formatEuros(value));
export const percent = (value: number | null) =>
  value === null ? '-' : `${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
