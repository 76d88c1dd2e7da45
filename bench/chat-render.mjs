// Streams a 64 KB answer through the real AnswerCard in Chromium (a bench page built by Vite with the
// React profiling build) and prints the median and worst React render cost per update, by quarter of
// the answer, plus the chat routes' JavaScript size gzipped from the product build.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const out = path.join(root, 'bench/out/answer-card');
await build({
  configFile: path.join(web, 'vite.config.ts'),
  root: path.join(web, 'bench'),
  logLevel: 'warn',
  resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } },
  build: {
    outDir: out,
    emptyOutDir: true,
    manifest: false,
    minify: !process.env.BENCH_PROFILE_DIR,
    rollupOptions: { input: path.join(web, 'bench/answer-card-bench.html') },
  },
});

const server = http.createServer((req, res) => {
  const file = path.join(out, req.url === '/' ? 'answer-card-bench.html' : decodeURIComponent(req.url.split('?')[0]));
  if (!file.startsWith(out) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  // Reduced motion shows each update's whole text at once, so every byte of the 64 KB goes through
  // the Markdown renderer as it arrives (the typewriter would otherwise reveal only a few hundred).
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  // BENCH_PROFILE_DIR=dir writes the page's CPU profile there (open it in Chrome DevTools).
  const cdp = process.env.BENCH_PROFILE_DIR ? await page.context().newCDPSession(page) : undefined;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.waitForFunction(() => window.benchResult, null, { timeout: 120_000 }).then((h) => h.jsonValue());
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, 'answer-card.cpuprofile'), JSON.stringify(profile));
  }
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)] ?? 0, p95: s[Math.floor(s.length * 0.95)] ?? 0, worst: s.at(-1) ?? 0 };
  };
  for (const [n, pass] of result.passes.entries()) {
    const all = stats(pass.costs);
    console.log(n === 0 ? 'first answer on the page (cold: the JIT compiles the Markdown pipeline):' : 'second answer (warm):');
    console.log(`  first render (mount): ${pass.mount.toFixed(2)} ms`);
    console.log(
      `  ${pass.costs.length} updates; render cost per update: median ${all.median.toFixed(2)} ms, p95 ${all.p95.toFixed(2)} ms, worst ${all.worst.toFixed(2)} ms (target <= 4 ms); over 4 ms: ${pass.costs.filter((c) => c > 4).length}`,
    );
    const q = Math.ceil(pass.costs.length / 4);
    for (let i = 0; i < 4; i += 1) {
      const s = stats(pass.costs.slice(i * q, (i + 1) * q));
      console.log(
        `    quarter ${i + 1} of the answer: median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, worst ${s.worst.toFixed(2)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}

const manifestPath = path.join(web, 'dist/.vite/manifest.json');
if (fs.existsSync(manifestPath)) {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('src/app/routes/chat/chat.tsx');
  visit('src/app/routes/chat/submission.tsx');
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryFiles = new Set();
  const visitEntry = (key) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const dep of chunk.imports ?? []) visitEntry(dep);
  };
  visitEntry(entry);
  const size = (set) => [...set].reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(web, 'dist', f)), { level: 9 }).length, 0);
  const routeOnly = new Set([...files].filter((f) => !entryFiles.has(f)));
  console.log(
    `chat routes JavaScript: ${(size(routeOnly) / 1024).toFixed(1)} KB gzipped beyond the app shell (${(size(entryFiles) / 1024).toFixed(1)} KB)`,
  );
} else {
  console.log('Build the product (npm run build) to also measure the chat route size.');
}
