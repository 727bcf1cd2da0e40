// The incidents table: declared date, mission number ('N.D' when unknown), hospital, category, title,
// status badge; each row opens the follow-up of its mission (or of the incident alone, without a mission).
import { Link } from 'wouter';
import { INCIDENT_MESSAGES, INCIDENT_STATUS_BADGES, type IncidentRow } from '../../contract/incidents';
import { href } from '../../contract/routes';
import { Badge } from '../ui/badge';
import { type Column, DataTable, type TableList } from '../ui/data-table';
import { parisDateTime } from '../ui/format';
import { missionNumber } from './format';

/** The follow-up screen of a row: its mission's, or the incident's own when the mission is unknown. */
export const detailsHref = (row: Pick<IncidentRow, 'id' | 'missionId'>) =>
  href('incidentDetails', { id: row.missionId ?? row.id });

export const incidentColumns: Column<IncidentRow>[] = [
  { id: 'createdAt', header: 'Date de déclaration', cell: (r) => parisDateTime(r.createdAt) },
  { id: 'tripNumber', header: 'N° de mission', cell: (r) => missionNumber(r.tripNumber) },
  { id: 'hospital', header: 'Hôpital', cell: (r) => r.hospital ?? '-' },
  { id: 'incidentCategory', header: 'Catégorie', cell: (r) => r.incidentCategory },
  { id: 'title', header: 'Titre', cell: (r) => <Link href={detailsHref(r)}>{r.title}</Link> },
  { id: 'status', header: 'Statut', cell: (r) => <Badge {...INCIDENT_STATUS_BADGES[r.status]} /> },
];

export function IncidentTable({ list }: { list: TableList<IncidentRow> }) {
  return (
    <DataTable label="Incidents" columns={incidentColumns} list={list} emptyText={INCIDENT_MESSAGES.empty} />
  );
}
