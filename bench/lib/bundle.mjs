// The JavaScript the login page loads before anything else: the module entry of index.html
// plus every modulepreload, each gzipped at level 9.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/** The URLs index.html makes the browser fetch as JavaScript straight away, in order. */
export function initialScripts(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (attr(tag, 'type') === 'module' && attr(tag, 'src')) urls.push(attr(tag, 'src'));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) urls.push(attr(tag, 'href'));
  }
  return [...new Set(urls)];
}

/** Sizes (raw and gzip -9) of each initial script; URLs under /cms/ map to webDist. */
export function measureInitialJs(webDist) {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = initialScripts(html).map((url) => {
    if (!url.startsWith('/cms/')) throw new Error(`index.html references ${url}, outside /cms/`);
    const file = path.join(webDist, url.slice('/cms/'.length).split(/[?#]/)[0]);
    if (!existsSync(file)) throw new Error(`index.html references ${url} but ${file} does not exist`);
    const raw = readFileSync(file);
    return { url, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  if (files.length === 0) throw new Error('index.html references no module script');
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}
