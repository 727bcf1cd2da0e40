// The incidents list (menu entry 'Incidents', issue #13): search by mission number, status and period
// filters, 20 a page, newest first; it reloads when an incident changes or a sync brings new ones.
import { useEffect } from 'react';
import {
  INCIDENT_MESSAGES,
  INCIDENT_PATHS,
  INCIDENTS_PAGE_SIZE,
  type IncidentRow,
} from '../../contract/incidents';
import { subscribeAll } from '../lib/signal';
import { usePagedList } from '../lib/use-paged-list';
import { NewRowsBanner, useLiveList } from '../live';
import { missionsChanged } from '../sync';
import { Page } from '../ui/page';
import { incidentsChanged } from './events';
import { IncidentFilterBar } from './incident-filter-bar';
import { IncidentTable } from './incident-table';

const INCIDENTS_LIVE = {
  entities: ['incident'],
  brings: (change: { action: string }) => change.action === 'incident.leon-create',
} as const;

export function IncidentListScreen() {
  const list = usePagedList<IncidentRow>(INCIDENT_PATHS.list, INCIDENTS_PAGE_SIZE);
  const { reload } = list;
  useEffect(() => subscribeAll([incidentsChanged, missionsChanged], reload), [reload]);
  const live = useLiveList(list, INCIDENTS_LIVE);
  return (
    <Page title={INCIDENT_MESSAGES.listTitle}>
      <IncidentFilterBar search={list.search} onSearch={list.setSearch} onFilters={list.setFilters} />
      <NewRowsBanner
        count={live.arrived}
        one="nouvel incident"
        many="nouveaux incidents"
        onShow={live.show}
      />
      <IncidentTable list={list} />
    </Page>
  );
}
