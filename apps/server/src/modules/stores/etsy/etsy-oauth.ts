/**
 * Connecting an Etsy shop: OAuth 2.0 authorization code grant with PKCE (S256), then refreshes.
 * https://developers.etsy.com/documentation/essentials/authentication
 *
 * Plain fetch, not oauth4webapi: two form POSTs to one fixed endpoint; Etsy publishes no discovery document,
 * and the library's checks would add nothing PKCE and `state` do not already give.
 *
 * Refresh tokens ROTATE: each refresh answers a new one and the old one stops working. So the caller must have
 * stored the new pair (onTokens) before anything uses the new access token, and one process must never run two
 * refreshes of one shop at once (the token keeper below runs one at a time).
 */
import { createHash, randomBytes } from 'node:crypto';
import { EtsyError, httpError, networkError } from './etsy-error';

export const ETSY_CONNECT_URL = 'https://www.etsy.com/oauth/connect';
export const ETSY_TOKEN_URL = 'https://api.etsy.com/v3/public/oauth/token';
export const ETSY_SCOPES = ['listings_r', 'listings_w', 'transactions_r', 'transactions_w', 'shops_r'];
/** Refresh this long before Etsy's expiry, so a token never runs out in the middle of a pull. */
const EARLY_MS = 60_000;

export interface EtsyOauthOptions {
  /** The app's keystring (client_id). */
  clientId: string;
  /** Stand-ins for Etsy's URLs (tests and the local fake). */
  connectUrl?: string;
  tokenUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface EtsyTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token stops working. */
  expiresAt: string;
  /** The Etsy user the token belongs to: the number before the dot of the access token. */
  userId: string;
}

/** A PKCE verifier (43-128 characters of base64url) and its S256 challenge. */
export function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Where the merchant approves the app; keep `state` and the PKCE verifier until the callback. */
export function connectUrl(input: { redirectUri: string; state: string; codeChallenge: string; scopes?: string[] }, options: EtsyOauthOptions): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: input.redirectUri,
    scope: (input.scopes ?? ETSY_SCOPES).join(' '),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  });
  return `${options.connectUrl ?? ETSY_CONNECT_URL}?${params.toString()}`;
}

/** "12345678.abc..." -> "12345678". */
export function userIdOfToken(accessToken: string): string | null {
  const match = /^(\d+)\./.exec(accessToken);
  return match ? match[1]! : null;
}

async function tokenRequest(form: Record<string, string>, options: EtsyOauthOptions): Promise<EtsyTokens> {
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(options.tokenUrl ?? ETSY_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw networkError(err);
  }
  const body = (await res.json().catch(() => null)) as { access_token?: string; refresh_token?: string; expires_in?: number; error?: string } | null;
  if (res.ok && body?.access_token && body.refresh_token) {
    const userId = userIdOfToken(body.access_token);
    if (!userId) throw new EtsyError('Etsy answered a token without its user id', { kind: 'server', retryable: false, status: res.status });
    const now = (options.now ?? Date.now)();
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(now + (body.expires_in ?? 3600) * 1000).toISOString(), userId };
  }
  // invalid_grant: the code or the refresh token is spent, expired or revoked; only a new connect helps.
  if (res.status === 400 || res.status === 401) {
    const detail = body?.error ? `: ${body.error}` : '';
    throw new EtsyError(`Etsy refused the grant (${res.status}${detail}): connect the shop again`, { kind: 'unauthorized', retryable: false, status: res.status });
  }
  throw httpError(res.status, res.headers, body);
}

/** Trades the callback's code (with the verifier of its challenge) for the shop's first tokens. */
export function exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }, options: EtsyOauthOptions): Promise<EtsyTokens> {
  return tokenRequest(
    { grant_type: 'authorization_code', client_id: options.clientId, redirect_uri: input.redirectUri, code: input.code, code_verifier: input.codeVerifier },
    options,
  );
}

/** A new access token AND a new refresh token; the one given stops working. */
export function refreshTokens(refreshToken: string, options: EtsyOauthOptions): Promise<EtsyTokens> {
  return tokenRequest({ grant_type: 'refresh_token', client_id: options.clientId, refresh_token: refreshToken }, options);
}

export interface EtsyTokenKeeper {
  /** A usable access token, refreshed first when it is about to expire. */
  accessToken(): Promise<string>;
  /** Refreshes once after Etsy refused `rejected` (a second caller refused the same token shares the refresh). */
  refreshAfterRefusal(rejected: string): Promise<string>;
}

/**
 * Holds one shop's tokens in this process. `onTokens` is awaited with every rotated pair before its access token
 * is handed out. Etsy has spent the old refresh token by then, so a failed store cannot be undone: the error is
 * thrown (the job fails loudly) while this process keeps the live pair, and a later run that only has the old pair
 * gets 'unauthorized' (connect again).
 */
export function createTokenKeeper(
  initial: EtsyTokens,
  onTokens: (tokens: EtsyTokens) => Promise<void> | void,
  options: EtsyOauthOptions,
  /** Replaces refresh-then-onTokens: answers the next pair, already kept (the server's refresh under the store's row lock). */
  rotate?: (current: EtsyTokens) => Promise<EtsyTokens>,
): EtsyTokenKeeper {
  let tokens = initial;
  let running: Promise<EtsyTokens> | null = null;
  const now = options.now ?? Date.now;
  const refresh = () => {
    running ??= (async () => {
      if (rotate) return (tokens = await rotate(tokens));
      const next = await refreshTokens(tokens.refreshToken, options);
      tokens = next;
      await onTokens(next);
      return next;
    })().finally(() => (running = null));
    return running;
  };
  return {
    async accessToken() {
      if (running) return (await running).accessToken;
      if (Date.parse(tokens.expiresAt) - EARLY_MS > now()) return tokens.accessToken;
      return (await refresh()).accessToken;
    },
    async refreshAfterRefusal(rejected) {
      if (running) return (await running).accessToken;
      if (tokens.accessToken !== rejected) return tokens.accessToken;
      return (await refresh()).accessToken;
    },
  };
}

/**
 * Runs `work` with a fresh access token; when Etsy refuses it anyway (revoked early, the clock off), refreshes
 * once and runs it again. A refused refresh is thrown as 'unauthorized': the shop must connect again.
 */
export async function withFreshToken<T>(keeper: EtsyTokenKeeper, work: (accessToken: string) => Promise<T>): Promise<T> {
  const token = await keeper.accessToken();
  try {
    return await work(token);
  } catch (err) {
    if (!(err instanceof EtsyError) || err.kind !== 'unauthorized' || err.status !== 401) throw err;
    return work(await keeper.refreshAfterRefusal(token));
  }
}
