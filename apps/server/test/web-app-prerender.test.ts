import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOCALE_CODES } from '@sangam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';

// Decision 017: `/` is sent with the landing page the build drew in the visitor's language.
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><title>Sangam (Beta): many AI models, one answer</title>',
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/dist-d1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_dist-d1.js'] },
      '_dist-d1.js': { file: 'assets/dist-d1.js' },
      '_prompt-p1.js': { file: 'assets/prompt-p1.js', imports: ['_dist-d1.js'] },
      'src/app/routes/public/landing.tsx': { file: 'assets/landing-l1.js', imports: ['index.html', '_dist-d1.js', '_prompt-p1.js'] },
      'src/locales/hi.po': { file: 'assets/hi-h1.js' },
    }),
  );
  const pages = Object.fromEntries(
    LOCALE_CODES.map((code) => [code, { html: `<main>landing in ${code}</main>`, title: `${code} title` }]),
  ) as Record<string, { html: string; title: string }>;
  // A title with markup and `$` patterns stays text.
  pages.hi = { html: '<main>हिन्दी में लैंडिंग $& $1</main>', title: 'Sangam (बीटा) <b> & $&' };
  fs.writeFileSync(path.join(dist, 'prerender.json'), JSON.stringify(pages));
  t = await startTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.baseUrl}${url}`, { headers });
  return { status: res.status, vary: res.headers.get('vary') ?? '', text: await res.text() };
};

describe('the prerendered landing page', () => {
  it('sends / with the landing drawn in the visitor’s language, its title, and its code started after the first paint', async () => {
    const { status, vary, text } = await get('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(status).toBe(200);
    expect(vary).toContain('Accept-Language');
    expect(text).toContain('<html lang="hi"');
    expect(text).toContain('<div id="root" data-prerendered="hi" inert><main>हिन्दी में लैंडिंग $& $1</main></div>');
    expect(text).toContain('<title>Sangam (बीटा) &lt;b&gt; &amp; $&amp;</title>');
    // No module script nor modulepreload in the page: the boot script starts them, the landing's chunks included.
    expect(text).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const boot = text.match(/<script defer src="\/landing-boot\.js" data-entry="([^"]+)" data-modules="([^"]*)"><\/script>/);
    expect(boot?.[1]).toBe('/assets/index-abc123.js');
    expect(boot?.[2]?.split(' ')).toEqual(['/assets/dist-d1.js', '/assets/hi-h1.js', '/assets/landing-l1.js', '/assets/prompt-p1.js']);
    // The script face and the style sheet still load with the page.
    expect(text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c1.css">');
    // A query string is the same page.
    expect((await get('/?from=mail', { cookie: 'sangam_locale=ta' })).text).toContain(
      'data-prerendered="ta" inert><main>landing in ta</main>',
    );
  });

  it('leaves every other page as built', async () => {
    for (const url of ['/pricing', '/no/such/page', '/chat']) {
      const { status, text } = await get(url, { 'accept-language': 'hi' });
      expect(status).toBe(200);
      expect(text).toContain('<div id="root"></div>');
      expect(text).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(text).not.toContain('landing-boot');
    }
  });

  it('answers any Accept-Language or cookie with a page, in English unless it names a shipped language', async () => {
    // Raw bytes on the socket: a browser-side client would refuse to send most of these.
    const raw = (headerLines: string[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(t.baseUrl);
        const socket = net.connect(Number(port), hostname);
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), body: text });
        });
        socket.end(Buffer.from(['GET / HTTP/1.1', 'Host: localhost', 'Connection: close', ...headerLines, '', ''].join('\r\n'), 'utf8'));
      });
    const hostile: string[][] = [
      [],
      ['Accept-Language: fr-FR,de'],
      [`Accept-Language: ${'x,'.repeat(3000)}hi`],
      [`Accept-Language: ${'x'.repeat(100_000)}`],
      ['Accept-Language: ;;;,,,q=,;q=abc,*,-,hi-'],
      ['Accept-Language: हिन्दी, தமிழ்;q=0.5, 🪔'],
      ['Accept-Language: \u0000hi\u0001'],
      ['Accept-Language: hi', 'Accept-Language: ta'],
      ['Cookie: sangam_locale=<script>'],
      [`Cookie: sangam_locale=${'a'.repeat(6000)}`],
      ['Cookie: sangam_locale=%E0%A4%B9; sangam_locale=%ZZ'],
      ['Cookie: =;;=;sangam_locale'],
      ['Cookie: sangam_locale=हि'],
    ];
    for (const headers of hostile) {
      const res = await raw(headers);
      expect(res.status, headers.join(' ').slice(0, 80)).toBeGreaterThanOrEqual(200);
      expect(res.status, headers.join(' ').slice(0, 80)).toBeLessThan(500);
      if (res.status === 200) expect(res.body).toMatch(/data-prerendered="(en|hi|ta)" inert><main>/);
    }
    expect((await raw(['Accept-Language: fr-FR,de'])).body).toContain('data-prerendered="en" inert><main>landing in en</main>');
  });
});
