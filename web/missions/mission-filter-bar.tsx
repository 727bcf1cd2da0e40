// The filters above a mission list: search, period, hospitals (staff, and HOSPITAL users with more than
// one hospital, limited to theirs by GET /missions/hospitals) and, on the requested list, the
// quick status filter. It keeps what the user chose and hands the list's filters to `onFilters`.
import { memo, useState } from 'react';
import { type MissionCategory, REQUESTED_QUICK_FILTERS } from '../../contract/missions';
import { urlPeriod } from '../lib/url-filters';
import { useHospitalNames } from '../lib/use-hospital-names';
import { DateRangeFilter } from '../ui/date-range-filter';
import { SearchToolbar } from '../ui/search-toolbar';
import * as css from '../ui/theme.css';
import { HospitalsFilter } from './hospitals-filter';
import * as ui from './mission-filters.css';

export interface MissionFilterBarProps {
  category: MissionCategory;
  /** Staff filter by hospital; a HOSPITAL user sees its own missions only (the filter if several). */
  staff: boolean;
  search: string;
  onSearch: (value: string) => void;
  onFilters: (filters: Record<string, unknown>) => void;
  /** The filters the list started from (its URL's): the fields show them. */
  initial?: { startDate?: string; endDate?: string; hospitals?: string; statusNeeded?: string };
}

const NONE = {};

/** Rendered again only when its props change (the list's callbacks stay the same): not at each answer. */
export const MissionFilterBar = memo(function MissionFilterBar({
  category,
  staff,
  search,
  onSearch,
  onFilters,
  initial = NONE,
}: MissionFilterBarProps) {
  const [quick, setQuick] = useState<string | null>(initial.statusNeeded ?? null);
  const [hospitals, setHospitals] = useState<string[]>(() => initial.hospitals?.split(',') ?? []);
  const [defaultRange] = useState(() => urlPeriod(initial));
  const options = useHospitalNames();
  const chooseHospitals = (values: string[]) => {
    setHospitals(values);
    onFilters({ hospitals: values.length ? values.join(',') : undefined });
  };
  return (
    <>
      <SearchToolbar
        id="missions-search"
        placeholder="N° de mission, hôpital, n° cristal"
        value={search}
        onChange={onSearch}
        basis={220}
      >
        <DateRangeFilter
          defaultRange={defaultRange}
          onChange={(range) => onFilters({ startDate: range?.startDate, endDate: range?.endDate })}
        />
        {/* A HOSPITAL user gets it when it has several hospitals: the API lists only its own. */}
        {(staff || options.length > 1) && (
          <HospitalsFilter options={options} selected={hospitals} onChange={chooseHospitals} />
        )}
      </SearchToolbar>
      {category === 'requested' && (
        <fieldset className={ui.quickFilters} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend className={css.visuallyHidden}>Filtre rapide</legend>
          {REQUESTED_QUICK_FILTERS.map((f) => (
            <button
              key={f.label}
              type="button"
              className={ui.chip}
              aria-pressed={quick === f.status}
              onClick={() => {
                setQuick(f.status);
                onFilters({ statusNeeded: f.status ?? undefined });
              }}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
});
