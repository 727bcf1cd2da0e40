// The filters above the incidents list: search by mission number, status, declared period.
import { memo, useState } from 'react';
import { INCIDENT_STATUS_BADGES, INCIDENT_STATUSES } from '../../contract/incidents';
import { DateRangeFilter } from '../ui/date-range-filter';
import { SearchToolbar } from '../ui/search-toolbar';
import { SelectField } from '../ui/select-field';
import * as ui from './incidents.css';

/** Rendered again only when its props change (the list's callbacks stay the same): not at each answer. */
export const IncidentFilterBar = memo(function IncidentFilterBar({
  search,
  onSearch,
  onFilters,
}: {
  search: string;
  onSearch: (value: string) => void;
  onFilters: (filters: Record<string, unknown>) => void;
}) {
  const [status, setStatus] = useState('');
  return (
    <SearchToolbar
      id="incidents-search"
      placeholder="N° de mission"
      value={search}
      onChange={onSearch}
      basis={220}
    >
      <div className={ui.statusFilter}>
        <SelectField
          id="incidents-status"
          label="Statut"
          placeholder="Tous"
          value={status}
          onChange={(value) => {
            setStatus(value);
            onFilters({ status: value || undefined });
          }}
          options={INCIDENT_STATUSES.map((s) => [s, INCIDENT_STATUS_BADGES[s].label])}
        />
      </div>
      <DateRangeFilter
        onChange={(range) => onFilters({ startDate: range?.startDate, endDate: range?.endDate })}
      />
    </SearchToolbar>
  );
});
