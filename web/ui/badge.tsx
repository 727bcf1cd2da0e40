// A coloured status badge (requirements §4 labels and colours); an unknown value shows neutral with its raw text.
import type { BadgeColor } from '../../contract/badges';
import { badge } from './badge.css';

export function Badge({ label, color }: { label: string; color: BadgeColor }) {
  return <span className={badge[color]}>{label}</span>;
}
