import type { z } from 'zod';
import type { loginBody, resetPasswordBody, signupBody } from '@fbo/shared';
import { http } from '../../api/http';

export type LoginBody = z.input<typeof loginBody>;
export type SignupBody = z.input<typeof signupBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

interface MessageBody {
  message?: string;
}

/** The account calls of spec part 1 section 7. Each resolves 2xx and 400 as results. */
export const authApi = {
  login: (body: LoginBody) => http.post<{ access_token: string; message?: string }>('/auth/login', body),
  signup: (body: SignupBody) => http.post<MessageBody>('/auth/signup', body),
  resendConfirmation: (email: string) => http.post<MessageBody>('/auth/resend-confirmation', { email }),
  forgotPassword: (email: string) => http.post<MessageBody>('/auth/forgot-password', { email }),
  resetPassword: (body: ResetPasswordBody) => http.post<MessageBody>('/auth/reset-password', body),
  confirmEmail: (token: string) => http.post<MessageBody>('/auth/confirm-email', { token }),
};
