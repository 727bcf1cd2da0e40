// The colours a status badge can take (web/ui/badge.tsx draws them): every feature's status → badge
// table in contract/ picks among these.
export type BadgeColor =
  | 'blue'
  | 'purple'
  | 'orange'
  | 'grey'
  | 'green'
  | 'brown'
  | 'red'
  | 'lightblue'
  | 'neutral';
