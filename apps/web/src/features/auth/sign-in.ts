import { queryClient } from '../../api/query-client';
import { failureMessage } from '../../api/http';
import { ensureClientId, tokenStore } from '../../api/storage';
import { endSession, loadSession, type Session } from '../../entities/session';
import { authApi, type LoginBody } from './auth.api';

export type SignInOutcome =
  | { kind: 'rejected'; message?: string }
  | { kind: 'failed' }
  | { kind: 'signed-in'; session: Session };

/**
 * POST /auth/login, then store the token and load the user and its theme (spec part 1
 * section 4). A 400 or 429 is 'rejected' with the server's message, if any.
 */
export async function signIn(values: LoginBody): Promise<SignInOutcome> {
  let result;
  try {
    result = await authApi.login(values);
  } catch (error) {
    return { kind: 'rejected', message: failureMessage(error) };
  }
  if (!result.ok) return { kind: 'rejected', message: result.body.message };

  // Whatever is cached belongs to whoever was here before.
  queryClient.clear();
  tokenStore.set(result.body.access_token);
  ensureClientId();
  try {
    return { kind: 'signed-in', session: await loadSession({ fresh: true }) };
  } catch {
    endSession({ keepAppToken: true });
    return { kind: 'failed' };
  }
}
