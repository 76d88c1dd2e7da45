// Runs Lighthouse (mobile emulation, performance only) against `/` of the built product served on a
// free port, in Debian's Chromium, and prints the score and the main metrics.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
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
for (let i = 0; i < 100; i += 1) {
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
  ],
});
try {
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], formFactor: 'mobile', logLevel: 'error' });
    const lhr = result.lhr;
    runs.push(Math.round(lhr.categories.performance.score * 100));
    const m = (id) => lhr.audits[id].displayValue;
    console.log(
      `run ${i + 1}: performance ${runs.at(-1)}  FCP ${m('first-contentful-paint')}  LCP ${m('largest-contentful-paint')}  TBT ${m('total-blocking-time')}  CLS ${m('cumulative-layout-shift')}`,
    );
  }
  runs.sort((a, b) => a - b);
  console.log(`Lighthouse mobile performance for /: median ${runs[1]} (target >= 90)`);
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
