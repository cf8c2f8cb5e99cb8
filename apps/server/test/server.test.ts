import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { useApiTest } from './helpers/api';
import { testDatabase } from './helpers/db';
import { PERSONA } from './helpers/personas';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'fbo-web-'));
const js = 'console.log("app");'.repeat(200);
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(webDist, 'assets', 'main.js'), js);
writeFileSync(path.join(webDist, 'assets', 'main.js.gz'), gzipSync(js));
writeFileSync(path.join(webDist, 'assets', 'main.js.br'), brotliCompressSync(js));

const t = useApiTest({ webDist });
const { send } = t;
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('health and docs', () => {
  it('answers /api/health with the database kind', async () => {
    const res = await send(null, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('publishes OpenAPI generated from the shared schemas at /api/docs', async () => {
    const res = await send(null, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/push-notifications', '/api/orders']));
    expect(spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect((await send(null, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('errors never leak internals', () => {
  it('answers malformed JSON with 400 and a plain message', async () => {
    // A malformed JSON text is no object `send` could take: injected as it is.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request body' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await send(null, 'GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers a database fault with a bare 500, no SQL, no stack', async () => {
    const headers = await t.as(PERSONA.OWNER);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`alter table notifications rename to notifications_gone`);
    try {
      const res = await send(headers, 'GET', '/api/push-notifications');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(res.body).not.toMatch(/select|notifications|at /i);
    } finally {
      await t.database.db.execute(sql`alter table notifications_gone rename to notifications`);
    }
  });

  it('rejects an oversized body with 413', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
  });
});

describe('the web app under /cms/', () => {
  it('redirects / and /cms to /cms/', async () => {
    expect((await send(null, 'GET', '/cms')).headers.location).toBe('/cms/');
    expect((await send(null, 'GET', '/')).headers.location).toBe('/cms/');
  });

  it('answers deep links with index.html', async () => {
    for (const url of ['/cms/', '/cms/ag/orders', '/cms/auth/reset-password?token=x', '/cms/products/123']) {
      const res = await send(null, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await send(null, 'GET', '/cms/assets/missing.js');
    expect(res.statusCode).toBe(404);
  });

  it('serves precompressed assets with long caching', async () => {
    const br = await send(null, 'GET', '/cms/assets/main.js', undefined, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await send(null, 'GET', '/cms/assets/main.js', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});

describe('start-up', () => {
  it('refuses to start when a route declares no permission', async () => {
    const database = await testDatabase();
    try {
      const app = await buildApp({ database, jwtSecret: 'x'.repeat(40), logLevel: 'silent' });
      await expect(
        (async () => {
          app.get('/api/oops', async () => ({ leaked: true }));
          await app.ready();
        })(),
      ).rejects.toThrow(/declares no permission/);
      await app.close().catch(() => undefined);
    } finally {
      await database.close();
    }
  });
});
