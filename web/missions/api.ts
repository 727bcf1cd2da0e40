// The missions API as the mission screens call it: paths from contract/missions.ts (MISSION_PATHS), bodies
// and answers typed by the contract. The lists go through usePagedList (web/lib) on MISSION_PATHS.list.
import type { DataResponse } from '../../contract/http';
import { type EditMissionInput, MISSION_PATHS, type MissionDetailsLeg } from '../../contract/missions';
import { apiCall, download } from '../lib/api';

/** GET /missions/details/:id: the legs of one mission. */
export async function fetchMissionDetails(id: string): Promise<MissionDetailsLeg[]> {
  return (await apiCall<DataResponse<MissionDetailsLeg[]>>(MISSION_PATHS.details(id))).data;
}

/** PUT /missions/edit/: saves the edit dialog's fields (the mission's id in the body). */
export async function editMission(body: EditMissionInput): Promise<void> {
  await apiCall<unknown>(MISSION_PATHS.edit, { method: 'PUT', body });
}

/** DELETE /missions/delete/:id. */
export async function deleteMission(id: string): Promise<void> {
  await apiCall<unknown>(MISSION_PATHS.delete(id), { method: 'DELETE' });
}

/** GET /missions/generate-pdf/:id, saved as 'mission-details.pdf'. */
export const downloadMissionPdf = (id: string) => download(MISSION_PATHS.pdf(id), 'mission-details.pdf');

/** GET /missions/transport-voucher/:id, saved as 'bon-de-transport-<trip number>.pdf'. */
export const downloadTransportVoucher = (id: string, tripNumber: string | null) =>
  download(MISSION_PATHS.voucher(id), `bon-de-transport-${tripNumber}.pdf`);
