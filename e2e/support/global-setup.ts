import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtp } from '../../apps/server/test/helpers/smtp';
import { E2E_PORT } from '../playwright.config';
import { MAIL_DIR } from './mail';
import { startShopifyFake } from '../../apps/server/fakes/shopify';
import { startWooCommerceFake } from '../../apps/server/fakes/woocommerce';
import { startEtsyFake } from '../../apps/server/fakes/etsy';
import pg from 'pg';
import { E2E_SHOPIFY_APP } from './shopify';
import { E2E_ETSY_APP } from './platform-fakes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A fresh PostgreSQL database for the run when E2E_DATABASE_URL names a server (CI sets it to the
 * local one): the app's in-process PGlite shares the server's one thread with every request, and
 * two browsers' journeys wait on it. Without it the run uses PGlite, as on a user's fresh machine.
 */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) return null;
  const name = `fbo_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Starts a real SMTP server that drops every message into MAIL_DIR, and the built app on a
 * fresh database (PGlite, or PostgreSQL when E2E_DATABASE_URL is set; seeded with the demo
 * personas on its first start) that sends its mail there.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  // The API tests' SMTP server; each message becomes a file the test workers can read.
  const smtp = await startSmtp((mail) => {
    writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${n++}.eml`), `X-Test-To: ${mail.to.join(',')}\r\n${mail.text}`);
  });
  const smtpUrl = smtp.url;

  // The local Shopify fake the app connects shops through (docs/stores.md); tests read its URL from the env.
  const shopify = await startShopifyFake({ clientId: E2E_SHOPIFY_APP.apiKey, clientSecret: E2E_SHOPIFY_APP.apiSecret });
  process.env.E2E_SHOPIFY_FAKE_URL = shopify.url;
  // WooCommerce and Etsy (docs/stores-woocommerce.md, docs/stores-etsy.md): a Woo store's URL is the fake's (allowed
  // on 127.0.0.1 because STORE_FAKES_URL marks the test setting); Etsy's API, connect page and tokens are its fake's.
  const woo = await startWooCommerceFake();
  process.env.E2E_WOOCOMMERCE_FAKE_URL = woo.url;
  const etsy = await startEtsyFake({ clientId: E2E_ETSY_APP.apiKey, sharedSecret: E2E_ETSY_APP.sharedSecret });
  process.env.E2E_ETSY_FAKE_URL = etsy.url;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fbo-e2e-'));
  const postgres = await freshPostgres();
  // SERVER_MAIN and WEB_DIST let parallel work use private builds.
  const server = spawn(process.execPath, [process.env.SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      SMTP_URL: smtpUrl,
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      SHOPIFY_API_KEY: E2E_SHOPIFY_APP.apiKey,
      SHOPIFY_API_SECRET: E2E_SHOPIFY_APP.apiSecret,
      STORE_FAKES_URL: shopify.url,
      ETSY_API_KEY: E2E_ETSY_APP.apiKey,
      ETSY_SHARED_SECRET: E2E_ETSY_APP.sharedSecret,
      ETSY_FAKE_URL: etsy.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    await shopify.close();
    await woo.close();
    await etsy.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
