import { queryOptions } from '@tanstack/react-query';
import type { ManagedUser } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { userKeys } from '../users';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Both forms use PATCH /users/info; the password change says so with `action`. */
export const profileApi = {
  updateInfo: (fullName: string) => http.patch<{ message?: string }>('/users/info', { fullName }),
  changePassword: (data: PasswordChange) =>
    http.patch<{ message?: string; access_token?: string }>('/users/info', { action: 'reset_password', data }),
};

/**
 * Another user's profile (the agency owner's view of its users). Under the users feature's keys,
 * so saving the Update Agency User dialog (which refreshes every users query) refreshes it too.
 */
export const userProfileQuery = (id: string) =>
  queryOptions({
    queryKey: [...userKeys.all, 'profile', id] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: ManagedUser }>(`/users/${encodeURIComponent(id)}/profile`, { signal })).data,
  });
