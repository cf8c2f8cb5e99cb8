/**
 * The browser keys of spec part 1 section 9. Every read and write of the session goes
 * through here so logout cannot forget one, and so the token has one observable source.
 */
export const STORAGE_KEYS = {
  accessToken: 'access-token',
  appToken: 'app-token',
  clientId: 'client_id',
  config: 'config',
  info: 'info',
  type: 'type',
  isOrderExporter: 'isOrderExporter',
} as const;

/** Keys logout removes. */
const SESSION_KEYS = Object.values(STORAGE_KEYS);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy mode): behave as signed out rather than crash.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* see read() */
  }
}

export const storage = {
  get: read,
  set: (key: string, value: string) => write(key, value),
  remove: (key: string) => write(key, null),
  getJson<T>(key: string): T | null {
    const raw = read(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson: (key: string, value: unknown) => write(key, JSON.stringify(value)),
};

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The access token, observable: the theme and header re-render when a user signs in or out
 * without a reload (useSyncExternalStore in useAccessToken).
 */
export const tokenStore = {
  get: (): string | null => read(STORAGE_KEYS.accessToken),
  set(token: string | null): void {
    write(STORAGE_KEYS.accessToken, token);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const appTokenStore = {
  get: (): string | null => read(STORAGE_KEYS.appToken),
  set: (token: string) => write(STORAGE_KEYS.appToken, token),
  clear: () => write(STORAGE_KEYS.appToken, null),
};

/** A random id made once per browser and kept, so the server can tell devices apart. */
export function ensureClientId(): string {
  const existing = read(STORAGE_KEYS.clientId);
  if (existing) return existing;
  const id = crypto.randomUUID();
  write(STORAGE_KEYS.clientId, id);
  return id;
}

/** Removes every session key (logout and failed start-up) and the tab's app state. */
export function clearStoredSession(options: { keepAppToken?: boolean } = {}): void {
  for (const key of SESSION_KEYS) {
    if (key === STORAGE_KEYS.accessToken) continue;
    if (options.keepAppToken && key === STORAGE_KEYS.appToken) continue;
    write(key, null);
  }
  try {
    sessionStorage.clear();
  } catch {
    /* see read() */
  }
  // Last, so listeners see a fully cleared session.
  tokenStore.set(null);
}
