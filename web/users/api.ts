// The users API as the users screen and its dialogs call it: paths from contract/users.ts (USER_PATHS),
// bodies and answers typed by the contract. The list goes through usePagedList (web/lib) on USER_PATHS.all.
import type { DataResponse } from '../../contract/http';
import {
  type CreateUserInput,
  type EditUserInput,
  type Hospital,
  USER_PATHS,
  type UserRow,
} from '../../contract/users';
import { apiCall, download } from '../lib/api';

/** POST /user/create: the user as created. */
export async function createUser(body: CreateUserInput): Promise<UserRow> {
  return (await apiCall<DataResponse<UserRow>>(USER_PATHS.create, { method: 'POST', body })).data;
}

/** PUT /user/edit (the user's id in the body): the user as saved. */
export async function editUser(body: EditUserInput): Promise<UserRow> {
  return (await apiCall<DataResponse<UserRow>>(USER_PATHS.edit, { method: 'PUT', body })).data;
}

/** DELETE /user/delete/:id. */
export async function deleteUser(id: string): Promise<void> {
  await apiCall<unknown>(USER_PATHS.delete(id), { method: 'DELETE' });
}

/** GET /user/hospitalsByName/?name=: the hospitals whose name holds `name`. */
export async function searchHospitals(name: string): Promise<Hospital[]> {
  return (await apiCall<DataResponse<Hospital[]>>(USER_PATHS.hospitalsByName, { query: { name } })).data;
}

/** GET /auth/get-users, saved as 'users.xlsx'. */
export const exportUsersXlsx = () => download(USER_PATHS.exportXlsx, 'users.xlsx');
