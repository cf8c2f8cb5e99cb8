/**
 * The one HTTP client (spec part 1 section 7). 2xx and 400 resolve as results, because the
 * screens show a 400's `message`; every other status rejects with an HttpError.
 */
import { appTokenStore, tokenStore } from './storage';

export const API_BASE = '/api';

export interface ErrorBody {
  message?: string;
  errors?: Record<string, string>;
}

export type HttpResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: 400; body: ErrorBody };

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
  /** The server's own message, when it sent one (screens show nothing otherwise). */
  get serverMessage(): string | undefined {
    return messageOf(this.body);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** This call loads a list: a 403 means the page is not for this user, go to /no-access. */
  list?: boolean;
  /** The caller handles a 401 itself (start-up decides where to go), no global redirect. */
  skipAuthRedirect?: boolean;
  /**
   * Money-moving calls send one key per user intent (made when the dialog opens, see
   * useIdempotencyKey): a double click or a retry after a lost answer moves the money once.
   */
  idempotencyKey?: string;
}

interface Handlers {
  unauthorized: () => void;
  forbiddenList: () => void;
}

// Set by the app at start-up: the client knows nothing about routing.
let handlers: Handlers = { unauthorized: () => {}, forbiddenList: () => {} };

export function setHttpHandlers(next: Handlers): void {
  handlers = next;
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // Empty filters are left out so the server applies its defaults.
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return {};
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: undefined, raw: text };
  }
}

/** The session's headers (bearer and access_token, the store app token): every call to the API sends them, file downloads too. */
export function sessionHeaders(accept = 'application/json'): Headers {
  const headers = new Headers({ Accept: accept });
  const token = tokenStore.get();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('access_token', token);
  }
  const appToken = appTokenStore.get();
  if (appToken) headers.set('app_token', appToken);
  return headers;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
  const headers = sessionHeaders();
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  let body: string | FormData | undefined;
  // Uploads (multipart): the browser writes the Content-Type with its boundary.
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, 'Network error', null);
  }
  const parsed = await readBody(response);

  if (response.ok) return { ok: true, status: response.status, body: parsed as T };
  if (response.status === 400) return { ok: false, status: 400, body: (parsed ?? {}) as ErrorBody };
  if (response.status === 401 && !options.skipAuthRedirect) handlers.unauthorized();
  if (response.status === 403 && options.list) handlers.forbiddenList();
  throw new HttpError(response.status, messageOf(parsed) ?? response.statusText, parsed);
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * An upload (multipart) answered like a form: 2xx and any refusal are answers the dialog shows
 * (an import's 409 or 413 carries a message too); only the network failing throws.
 */
export async function postFile<T>(path: string, form: FormData): Promise<HttpResult<T>> {
  try {
    return await request<T>('POST', path, { body: form });
  } catch (error) {
    if (error instanceof HttpError && error.status !== 0 && error.status !== 401) {
      return { ok: false, status: 400, body: (error.body ?? { message: error.message }) as ErrorBody };
    }
    throw error;
  }
}

/** For queries: a 400 becomes an error too, so react-query shows its error state. */
export function unwrap<T>(result: HttpResult<T>): T {
  if (result.ok) return result.body;
  throw new HttpError(400, result.body.message ?? 'Bad request', result.body);
}

/** The message to show for a failed call, or undefined to show nothing (spec: login). */
export function failureMessage(error: unknown): string | undefined {
  return error instanceof HttpError ? error.serverMessage : undefined;
}
