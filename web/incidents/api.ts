// The incidents API as the incident screens and the menu call it: paths from contract/incidents.ts
// (INCIDENT_PATHS), bodies and answers typed by the contract. The list goes through usePagedList (web/lib)
// on INCIDENT_PATHS.list.
import type { DataResponse } from '../../contract/http';
import {
  INCIDENT_PATHS,
  type IncidentRecord,
  type IncidentResponseInput,
  type IncidentValidateInput,
  type OpenIncidentsCount,
} from '../../contract/incidents';
import { apiCall } from '../lib/api';

/** GET /incidents/open-count: how many incidents are open (staff). */
export async function fetchOpenIncidentsCount(): Promise<number> {
  return (await apiCall<DataResponse<OpenIncidentsCount>>(INCIDENT_PATHS.openCount)).data.open;
}

/** GET /incidents/details/:id: a mission's incident records (or that one incident alone). */
export async function fetchIncidentRecords(id: string): Promise<IncidentRecord[]> {
  return (await apiCall<DataResponse<IncidentRecord[]>>(INCIDENT_PATHS.details(id))).data;
}

/** PUT /incidents/details/:id: saves the proposed action; the record as saved. */
export async function proposeIncidentAction(
  id: string,
  body: IncidentResponseInput,
): Promise<IncidentRecord> {
  return (await apiCall<DataResponse<IncidentRecord>>(INCIDENT_PATHS.respond(id), { method: 'PUT', body }))
    .data;
}

/** PUT /incidents/validate/:id: validates the action read (a 409 when another was saved since). */
export async function validateIncidentAction(id: string, body: IncidentValidateInput): Promise<void> {
  await apiCall<unknown>(INCIDENT_PATHS.validate(id), { method: 'PUT', body });
}
