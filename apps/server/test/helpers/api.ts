import { beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Sends a request as the persona signed in with `email`; its status and parsed JSON body. */
async function callAs(t: TestApp, email: string, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({ method, url, payload, headers: await t.as(email) });
  return { status: res.statusCode, body: res.json() };
}

export interface ApiTest extends TestApp {
  call: (email: string, method: Method, url: string, payload?: object) => ReturnType<typeof callAs>;
}

/**
 * The usual set-up of an API test file: a server on a private copy of the seeded database,
 * made in the file's beforeAll (closed after its tests), and `call` to send requests as a
 * persona. Use it at the top of the file: `const t = useApiTest(); const { call } = t;`.
 */
export function useApiTest(): ApiTest {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp();
  });
  const ready = () => {
    if (!current) throw new Error('useApiTest: the server is made in beforeAll; use it inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    as: (email, password) => ready().as(email, password),
    call: (email, method, url, payload) => callAs(ready(), email, method, url, payload),
  };
}
