// Runs Lighthouse (mobile emulation, performance only) against `/` of the built product served on a
// free port, in Debian's Chromium, and prints the score and the main metrics. With a language code
// (`node bench/landing-lighthouse.mjs hi`) the browser asks for that language first (Accept-Language and
// navigator.languages), as a first visit from a phone set to it: the page comes up in that language.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const locale = process.argv[2];
if (locale !== undefined && !/^[a-z]{2}$/.test(locale)) {
  console.error('Usage: node bench/landing-lighthouse.mjs [language code, e.g. hi]');
  process.exit(1);
}
// Issue 24: Lighthouse mobile on `/` in Hindi at least 95; the English page's target stays 90.
const target = locale ? 95 : 90;
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const p = srv.address().port;
    srv.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-lh-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOCAL_MODEL: 'off', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}/`;
// Up to a minute: on a busy machine the server can take a while to come up.
for (let i = 0; i < 300; i += 1) {
  try {
    if ((await fetch(`${url}readyz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    ...(locale ? [`--accept-lang=${locale}-IN,${locale}`] : []),
  ],
});
/** What holds the last run's score back: the metrics below full marks, the largest downloads and the fonts. */
function printLimits(lhr) {
  const weights = lhr.categories.performance.auditRefs.filter((r) => r.weight > 0);
  for (const { id, weight } of weights) {
    const audit = lhr.audits[id];
    if (audit.score !== null && audit.score < 1)
      console.log(`  ${audit.title}: ${audit.displayValue} (score ${audit.score.toFixed(2)}, weight ${weight})`);
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const largest = [...requests].sort((a, b) => b.transferSize - a.transferSize).slice(0, 5);
  for (const r of largest) console.log(`  ${(r.transferSize / 1024).toFixed(1).padStart(7)} KB  ${r.url.replace(url, '/')}`);
  for (const shift of lhr.audits['layout-shifts']?.details?.items ?? [])
    console.log(`  layout shift ${shift.score.toFixed(3)}: ${shift.node?.snippet ?? '?'} ${shift.node?.nodeLabel ?? ''}`);
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) console.log(`  largest contentful paint: ${lcp.snippet ?? '?'} ${lcp.nodeLabel ?? ''}`);
  const fonts = requests.filter((r) => r.url.endsWith('.woff2')).map((r) => path.basename(r.url));
  console.log(`  fonts downloaded: ${fonts.length ? fonts.join(', ') : 'none'}`);
}

try {
  const runs = [];
  let last;
  for (let i = 0; i < 3; i += 1) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', logLevel: 'error' });
    const lhr = result.lhr;
    last = lhr;
    if (lhr.runtimeError) console.log(`run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    runs.push(Math.round(lhr.categories.performance.score * 100));
    const m = (id) => lhr.audits[id].displayValue;
    console.log(
      `run ${i + 1}: performance ${runs.at(-1)}  FCP ${m('first-contentful-paint')}  LCP ${m('largest-contentful-paint')}  TBT ${m('total-blocking-time')}  CLS ${m('cumulative-layout-shift')}`,
    );
  }
  runs.sort((a, b) => a - b);
  console.log(`Lighthouse mobile performance for /${locale ? ` in ${locale}` : ''}: median ${runs[1]} (target >= ${target})`);
  printLimits(last);
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
