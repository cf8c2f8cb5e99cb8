/**
 * The fake's OAuth 2.0 server: connect approves at once as the chosen user, the token endpoint checks PKCE (S256)
 * and the redirect URI, access tokens expire (a control ages them), refresh tokens rotate (a used one is refused).
 */
import { createHash, randomBytes } from 'node:crypto';
import { fixtures } from './fixtures';

interface Grant {
  userId: number;
  challenge: string;
  redirectUri: string;
  scope: string;
}

export type TokenAnswer = { status: number; body: Record<string, unknown> };

export function createOauthServer(options: { clientId: string; expiresIn?: number }) {
  const expiresIn = options.expiresIn ?? 3600;
  const codes = new Map<string, Grant>();
  const access = new Map<string, { userId: number; expiresAt: number; scope: string }>();
  const refresh = new Map<string, { userId: number; scope: string }>();

  function issue(userId: number, scope: string) {
    const accessToken = `${userId}.${randomBytes(24).toString('base64url')}`;
    const refreshToken = `${userId}.${randomBytes(24).toString('base64url')}`;
    access.set(accessToken, { userId, expiresAt: Date.now() + expiresIn * 1000, scope });
    refresh.set(refreshToken, { userId, scope });
    return { accessToken, refreshToken };
  }

  /** The redirect after the merchant "approved", or an error text for a request Etsy would refuse to show. */
  function connect(query: URLSearchParams, userId: number | null): { location: string } | { error: string } {
    const redirect = query.get('redirect_uri');
    if (query.get('response_type') !== 'code') return { error: 'response_type must be code' };
    if (query.get('client_id') !== options.clientId) return { error: 'client_id is not valid' };
    if (!redirect) return { error: 'redirect_uri is required' };
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) return { error: 'code_challenge with code_challenge_method S256 is required' };
    if (!query.get('state')) return { error: 'state is required' };
    if (userId === null) return { error: 'no shop to connect: create one first (POST /_fake/shops)' };
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { userId, challenge: query.get('code_challenge')!, redirectUri: redirect, scope: query.get('scope') ?? '' });
    const target = new URL(redirect);
    target.searchParams.set('code', code);
    target.searchParams.set('state', query.get('state')!);
    return { location: target.toString() };
  }

  function token(form: Record<string, string>): TokenAnswer {
    if (form['client_id'] !== options.clientId) return { status: 401, body: fixtures.oauthError('invalidClient') };
    const answer = (pair: { accessToken: string; refreshToken: string }) => ({ status: 200, body: fixtures.token({ access_token: pair.accessToken, refresh_token: pair.refreshToken, expires_in: expiresIn }) });
    if (form['grant_type'] === 'authorization_code') {
      const grant = codes.get(form['code'] ?? '');
      if (!grant) return { status: 400, body: fixtures.oauthError('invalidGrant') };
      codes.delete(form['code']!);
      if (grant.redirectUri !== form['redirect_uri']) return { status: 400, body: fixtures.oauthError('invalidRequest') };
      const challenge = createHash('sha256').update(form['code_verifier'] ?? '').digest('base64url');
      if (challenge !== grant.challenge) return { status: 400, body: fixtures.oauthError('invalidVerifier') };
      return answer(issue(grant.userId, grant.scope));
    }
    if (form['grant_type'] === 'refresh_token') {
      const known = refresh.get(form['refresh_token'] ?? '');
      if (!known) return { status: 400, body: fixtures.oauthError('invalidRefresh') };
      // Rotation: the refresh token just used is spent.
      refresh.delete(form['refresh_token']!);
      return answer(issue(known.userId, known.scope));
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  /** The user a bearer token stands for, or null when it is unknown or expired. */
  function userOf(bearer: string): number | null {
    const found = access.get(bearer);
    return found && found.expiresAt > Date.now() ? found.userId : null;
  }

  /** Makes the user's (or every) access token `seconds` older: 3600 expires them. */
  function age(seconds: number, userId?: number) {
    for (const t of access.values()) if (userId === undefined || t.userId === userId) t.expiresAt -= seconds * 1000;
  }

  /** The merchant removed the app: every token of the user stops working. */
  function revoke(userId: number) {
    for (const [k, t] of access) if (t.userId === userId) access.delete(k);
    for (const [k, t] of refresh) if (t.userId === userId) refresh.delete(k);
  }

  return { connect, token, userOf, issue, age, revoke };
}
