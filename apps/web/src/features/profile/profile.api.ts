import { http } from '../../api/http';

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
