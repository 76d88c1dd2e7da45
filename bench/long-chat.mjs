// A 500-turn chat in Chromium (needs `npm run build`; run with `npx tsx bench/long-chat.mjs`): seeds the
// chat through the real answer endpoint (fake model upstream), then measures in the product build
// - open time: navigation start to the last turn's answer on screen, /chat/{id} (median of runs);
// - scroll frame time: frame intervals while scrolling the whole thread from the bottom to the top;
// with their floors in the same run: the app opening a chat that does not exist (same bundle, one API
// call, no turns) and the frame interval of the idle page.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createUser, percentile, randomIp, startServer } from './lib/server.mjs';

const { startFakeLlm, fakeModelsFile } = await import('../packages/test-fakes/src/fake-llm.ts').catch(() => {
  throw new Error('Run with: npx tsx bench/long-chat.mjs');
});

import fs from 'node:fs';
import os from 'node:os';

const TURNS = Number(process.env.BENCH_TURNS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

// Answers as long as real ones: a paragraph, a list and a code block.
const reply = [
  'Monsoon winds reverse with the seasons because land heats and cools faster than the sea.',
  '',
  '1. **Summer**: the land heats, air rises, moist sea air flows in.',
  '2. **Winter**: the land cools, dry air flows out to sea.',
  '',
  '```ts',
  'const wind = (land: number, sea: number) => land - sea;',
  '```',
  '',
  'In short, the pressure difference drives the wind, and the Himalaya shape where the rain falls.',
].join('\n');

const fake = await startFakeLlm();
/** Every turn gets its own answers (the newest scripted behaviour wins), so no two turns render the same text. */
const scriptTurn = async (i) => {
  for (const model of ['alpha', 'beta', 'gamma', 'fusion']) {
    const behaviour = { reply: `Turn ${i}, ${model}. ${reply.replace('land - sea', `land - sea * ${i}`)}` };
    await fetch(`${fake.url}/__control`, { method: 'POST', body: JSON.stringify({ model, behaviour }) });
  }
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-long-chat-'));
const modelsFile = path.join(dir, 'models.json');
fs.writeFileSync(modelsFile, fakeModelsFile(fake.url, { timeoutMs: 10_000 }));
const server = await startServer({ MODELS_FILE: modelsFile, FREE_PLAN_TOKENS: '1000000000', MAX_ANSWERS_PER_USER: '1000' });
process.on('uncaughtException', async (err) => {
  console.error(err);
  await server.stop();
  process.exit(1);
});
process.on('unhandledRejection', async (err) => {
  console.error(err);
  await server.stop();
  process.exit(1);
});
const user = await createUser(server.url, server.dataDir);
const ip = randomIp();
const login = await fetch(`${server.url}/api/v1/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
  body: new URLSearchParams({ username: user.email, password: user.password }),
});
const { access_token: token } = await login.json();

// Seed: one question after another in one chat, as a user would ask them (the server keeps the thread).
const chatId = crypto.randomUUID();
const t0 = performance.now();
for (let i = 1; i <= TURNS; i += 1) {
  await scriptTurn(i);
  const form = new FormData();
  form.append('Prompt', `Question ${i}: why do monsoon winds change direction?`);
  form.append('Chat_Id', chatId);
  form.append('Request_Id', `req_bench_${i}`);
  form.append('Mode', 'sangam');
  const res = await fetch(`${server.url}/ai/v1/agent/GenerateAnswer`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-api-key': 'sangam-web', accept: 'application/json', 'x-forwarded-for': ip },
    body: form,
  });
  if (!res.ok) throw new Error(`seeding turn ${i}: HTTP ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}
const seedS = (performance.now() - t0) / 1000;
const detail = await (
  await fetch(`${server.url}/api/v1/chats/${chatId}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } })
).json();
const apiBytes = JSON.stringify(detail).length;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const context = await browser.newContext({
  baseURL: server.url,
  viewport: { width: 1280, height: 900 },
  extraHTTPHeaders: { 'x-forwarded-for': ip },
});
const page = await context.newPage();
await page.goto('/login');
await page.getByLabel('Email').fill(user.email);
await page.getByLabel('Password', { exact: true }).fill(user.password);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(/\/chat/);

/** Navigation start to `ready(arg)` true in the page, in ms (functions, not strings: the CSP forbids eval). */
async function openTime(url, ready, arg) {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(ready, arg, { timeout: 30_000, polling: 'raf' });
  return page.evaluate(() => performance.now());
}
const lastTurnShown = (turns) => {
  const q = [...document.querySelectorAll('[data-testid="question"]')].at(-1);
  return q?.textContent?.startsWith(`Question ${turns}:`) && document.querySelector('[data-testid="answer-card"]') !== null;
};
const notFoundShown = () => document.querySelector('h1')?.textContent === 'Chat not found';

const open = [];
const floor = [];
for (let r = 0; r < RUNS; r += 1) {
  floor.push(await openTime(`/chat/${crypto.randomUUID()}`, notFoundShown));
  open.push(await openTime(`/chat/${chatId}`, lastTurnShown, TURNS));
}
const turnsInDom = await page.evaluate(() => document.querySelectorAll('[data-testid="turn"]').length);

/** Frame intervals (ms) over `frames` animation frames, scrolling `step` px a frame (0 = idle). */
const frames = (step, count) =>
  page.evaluate(
    ({ step, count }) =>
      new Promise((resolve) => {
        const out = [];
        let last = performance.now();
        let n = 0;
        const tick = (now) => {
          out.push(now - last);
          last = now;
          if (step) window.scrollBy(0, -step);
          n += 1;
          if (n < count && (step === 0 || window.scrollY > 0)) requestAnimationFrame(tick);
          else resolve(out.slice(1));
        };
        requestAnimationFrame(tick);
      }),
    { step, count },
  );
const idle = await frames(0, 120);
const height = await page.evaluate(() => document.documentElement.scrollHeight);
const scroll = await frames(Number(process.env.BENCH_SCROLL_STEP ?? 200), 100_000);

// The scroll floor: the same browser scrolling a static page as tall as the thread (plain blocks, no script).
await page.goto('about:blank');
await page.setContent(
  `<body style="margin:0;background:#05060a;color:#e2e8f0;font:14px sans-serif">${'<div style="height:540px;margin:16px;border:1px solid #334;border-radius:16px;padding:16px">Static turn. '.repeat(4) + '</div>'}`.repeat(
    1,
  ),
);
await page.evaluate((h) => {
  const block = document.body.firstElementChild;
  const n = Math.ceil(h / 574);
  for (let i = 1; i < n; i += 1) document.body.append(block.cloneNode(true));
  window.scrollTo(0, document.documentElement.scrollHeight);
}, height);
const staticScroll = await frames(Number(process.env.BENCH_SCROLL_STEP ?? 200), 100_000);

const ms = (x) => `${x.toFixed(1)} ms`;
console.log(
  `long chat: ${TURNS} turns seeded through GenerateAnswer in ${seedS.toFixed(1)} s; GET /chats/:id ${Math.round(apiBytes / 1024)} KB`,
);
console.log(
  `open /chat/{id} (to the last turn's answer on screen), median of ${RUNS}: ${ms(percentile(open, 50))} (worst ${ms(Math.max(...open))})`,
);
console.log(`  floor: a chat that does not exist (same app, one API call): ${ms(percentile(floor, 50))}`);
console.log(`  turns in the DOM after opening: ${turnsInDom} of ${TURNS} (virtualised); page height ${height} px`);
console.log(
  `scroll bottom to top at ${process.env.BENCH_SCROLL_STEP ?? 200} px a frame (${scroll.length} frames): median frame ${ms(percentile(scroll, 50))}, p95 ${ms(percentile(scroll, 95))}, worst ${ms(Math.max(...scroll))}, frames over 50 ms: ${scroll.filter((x) => x > 50).length}`,
);
console.log(
  `  floor: a static page as tall, scrolled the same way: median frame ${ms(percentile(staticScroll, 50))}, p95 ${ms(percentile(staticScroll, 95))}; idle frame interval ${ms(percentile(idle, 50))}`,
);

await browser.close();
await server.stop();
await fake.close();
fs.rmSync(dir, { recursive: true, force: true });
