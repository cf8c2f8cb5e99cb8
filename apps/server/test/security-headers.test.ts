import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApiTest } from './helpers/api';

/** A stand-in for the built web app: what /cms/ serves is not the point here, its headers are. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fbo-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/cms/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined) {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => !!name)
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;
}

const S3 = { endpoint: 'https://s3.eu-west-1.example.com', bucket: 'uploads', accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'eu-west-1', publicUrl: 'https://cdn.example.com/uploads' };

const webDist = fakeWebDist();
const local = useApiTest({ webDist });
const s3 = useApiTest({ webDist, s3: S3, publicUrl: 'https://bo.example.com' });

describe('browser hardening headers', () => {
  it('gives the web app a CSP with no inline script or eval, antd inline styles, no framing', async () => {
    for (const url of ['/cms/', '/cms/orders/all', '/cms/assets/app.js']) {
      const res = await local.send(null, 'GET', url);
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers the API with nosniff and a closed CSP, and keeps the API docs page working', async () => {
    const api = await local.send(null, 'GET', '/api/health');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    const refused = await local.send(null, 'GET', '/api/orders');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    const docs = await local.send(null, 'GET', '/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(directives(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    expect((await local.send(null, 'GET', '/api/docs/json')).statusCode).toBe(200);
  });

  it('in S3 mode lets pages show bucket images and PUT to the endpoint; HSTS when PUBLIC_URL is https', async () => {
    const res = await s3.send(null, 'GET', '/cms/');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://s3.eu-west-1.example.com']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await s3.send(null, 'GET', '/api/health')).headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
