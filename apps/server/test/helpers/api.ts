import { afterAll, beforeAll } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { createTestApp, type TestApp, type TestAppOptions } from './app';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who sends a request: a persona's e-mail (signed in once per file), headers sent as they are
 * (a session a test signed in by hand), or null for a visitor who is not signed in.
 */
export type Sender = string | Record<string, string> | null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the route answers
type Json = any;

export interface ApiTest extends TestApp {
  /** The raw response, for tests that read headers, status codes of non-JSON answers or the body as text. */
  send: (who: Sender, method: Method, url: string, payload?: object, headers?: Record<string, string>) => Promise<Response>;
  /** The status and parsed JSON body. */
  call: (who: Sender, method: Method, url: string, payload?: object, headers?: Record<string, string>) => Promise<{ status: number; body: Json }>;
}

async function headersOf(t: TestApp, who: Sender): Promise<Record<string, string>> {
  if (who === null) return {};
  return typeof who === 'string' ? t.as(who) : who;
}

/** `send` and `call` on the test app `ready` gives once made. */
function withApi(ready: () => TestApp): ApiTest {
  const send: ApiTest['send'] = async (who, method, url, payload, headers = {}) => {
    const t = ready();
    return t.app.inject({ method, url, payload, headers: { ...(await headersOf(t, who)), ...headers } });
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    as: (email, password) => ready().as(email, password),
    send,
    async call(who, method, url, payload, headers) {
      const res = await send(who, method, url, payload, headers);
      return { status: res.statusCode, body: res.json() };
    },
  };
}

/**
 * The usual set-up of an API test file: a server on a private copy of the seeded database,
 * made in the file's beforeAll (closed after its tests), and `call` to send requests as a
 * persona. Use it at the top of the file: `const t = useApiTest(); const { call } = t;`.
 * `options` may be a function, run in that beforeAll, for settings known only then (a mail server's port).
 */
export function useApiTest(options: TestAppOptions | (() => Promise<TestAppOptions>) = {}): ApiTest {
  let current: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  });
  // Registered beside the beforeAll, never inside it: vitest runs no afterAll registered while hooks run,
  // and the copy would wait for the run's global teardown. Runs when a test or the set-up failed too.
  afterAll(async () => {
    const ended = current;
    current = undefined;
    await ended?.close();
  });
  return withApi(() => {
    if (!current) throw new Error('useApiTest: the server is made in beforeAll; use it inside tests and hooks');
    return current;
  });
}
