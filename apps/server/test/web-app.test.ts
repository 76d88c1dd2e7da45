import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Sangam</title></head><body><div id="root"></div></body></html>',
  );
  // The build's manifest names each catalog and script face by its source (vite `build.manifest`).
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js' },
      'src/locales/hi.po': { file: 'assets/hi-h1.js' },
      'src/locales/ta.po': { file: 'assets/ta-t1.js' },
      '../../node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2': {
        file: 'assets/noto-sans-devanagari-devanagari-wght-normal-D1.woff2',
      },
      '../../node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-latin-wght-normal.woff2': {
        file: 'assets/noto-sans-devanagari-latin-wght-normal-L1.woff2',
      },
      '../../node_modules/@fontsource-variable/noto-sans-tamil/files/noto-sans-tamil-tamil-wght-normal.woff2': {
        file: 'assets/noto-sans-tamil-tamil-wght-normal-T1.woff2',
      },
    }),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  t = await startTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html for any unknown page so the client router shows the landing page', async () => {
    for (const url of ['/', '/pricing', '/no/such/page', '/chat/123/submission']) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('draws a page in the visitor’s language first: <html lang> and its catalog and script face preloaded', async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await fetch(`${t.baseUrl}/pricing`, { headers });
      expect(res.headers.get('vary')).toContain('Accept-Language');
      return res.text();
    };
    const hindi = await page({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi).toContain('<html lang="hi"');
    expect(hindi).toContain('<link rel="modulepreload" crossorigin href="/assets/hi-h1.js">');
    expect(hindi).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-devanagari-devanagari-wght-normal-D1.woff2">',
    );
    expect(hindi).not.toContain('latin-wght');
    // The web's kept choice (its cookie) wins over the browser's languages.
    const tamil = await page({ 'accept-language': 'hi-IN', cookie: 'other=1; sangam_locale=ta' });
    expect(tamil).toContain('<html lang="ta"');
    expect(tamil).toContain('/assets/ta-t1.js');
    expect(tamil).not.toContain('hi-h1');
    // English, an unknown language, or a hostile header: the page as built.
    const plain: Record<string, string>[] = [
      {},
      { 'accept-language': 'fr-FR,de' },
      { 'accept-language': `${'x,'.repeat(5000)}hi` },
      { cookie: 'sangam_locale=<script>' },
    ];
    for (const headers of plain) {
      const text = await page(headers);
      expect(text).toContain('<html lang="en"');
      expect(text).not.toContain('preload');
    }
  });

  it('keeps unknown API paths as 404 JSON even though the web app exists', async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/does-not-exist`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(`${t.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // Read to the end: a response left unread keeps its connection busy, and closing the app waits for it.
    expect(await res.text()).toContain('console.log');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await fetch(`${t.baseUrl}/assets/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });
});
