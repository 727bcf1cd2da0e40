// The billing check's figures as the screen and its breakdown write them.
import { formatEuros } from '../../contract/invoices';

export const frenchDay = (value: string | null) => (value ? value.split('-').reverse().join('/') : '-');
export const euros = (value: number | null) => (value === null ? '-' : formatEuros(value));
export const percent = (value: number | null) =>
  value === null ? '-' : `${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
