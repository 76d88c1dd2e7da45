import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { type ModelServer, startModelServer } from '@sangam/test-fakes/model-server';
import { randomIp, saveScreenshot } from './fixtures';
import { ChatPage } from './support/chat-page';
import { createOwnUser, type OwnServer, startOwnServer } from './support/own-server';
import { signIn } from './support/users';

/**
 * Issue 26: the first run of a server with no provider key and no models file. Its local model is
 * downloaded on first start, here from a slow host on 127.0.0.1 serving the generated tiny GGUF
 * (`npm run model:fixture`), so no network is needed: the landing shows the download's progress,
 * then the notice goes and the chat answers through node-llama-cpp. A server whose download cannot
 * start shows the setup card instead.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-e2e-first-run-'));
const modelFile = path.join(dir, 'tiny-llama.gguf');

type FirstRun = { host: ModelServer; server: OwnServer };
const test = base.extend<object, { firstRun: FirstRun }>({
  firstRun: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      execFileSync('npm', ['run', '-s', 'model:fixture', '--', modelFile], { cwd: root, stdio: 'ignore' });
      const sha = createHash('sha256').update(fs.readFileSync(modelFile)).digest('hex');
      // About 460 KB at 40 KB/s: some ten seconds of download to watch.
      const host = await startModelServer(modelFile, { bytesPerSecond: 40_000 });
      const server = await startOwnServer('first-run', {
        MODELS_FILE: '',
        LOCAL_MODEL: 'auto',
        LOCAL_MODEL_URL: host.url,
        LOCAL_MODEL_SHA256: sha,
        LOCAL_MODEL_THREADS: '1',
        LOCAL_MODEL_MAX_TOKENS: '16',
      });
      await use({ host, server });
      await server.stop();
      await host.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ firstRun }, use) => {
    await use(firstRun.server.url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
});

test('the landing shows the model downloading, then the chat answers with the local model', async ({ page, request, firstRun }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const preparing = page.getByRole('region', { name: 'Preparing the AI model' });
  await expect(preparing).toBeVisible();
  await expect(preparing).toContainText('Downloading the AI model (first start only)');
  await expect(page.getByTestId('model-progress')).toContainText(/\d+% of 0\.\d MB/);
  await saveScreenshot(page, 'first-run-downloading');
  // Once downloaded and loaded, the notice goes by itself (the page polls the status).
  await expect(preparing).toBeHidden({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'Set up an AI model' })).toHaveCount(0);
  expect(firstRun.host.requests.length).toBeGreaterThan(0);

  // The chat answers through node-llama-cpp (random weights: the text is noise, so only its arrival is checked).
  const user = await createOwnUser(request, firstRun.server);
  await signIn(page, user);
  const chat = new ChatPage(page);
  await chat.ask('नमस्ते, how are you? 🙏');
  await chat.expectLastAnswerDone(90_000);
  await expect(chat.lastTurn.getByTestId('answer-card').first()).not.toBeEmpty();
  await saveScreenshot(page, 'first-run-answered');
});

test('a server that has no model and cannot download one shows the setup card before anyone types', async ({ page }) => {
  test.setTimeout(120_000);
  // A download host that refuses connections: the port of a server just closed.
  const gone = await startModelServer(modelFile);
  const url = gone.url;
  await gone.close();
  const server = await startOwnServer('no-model', { MODELS_FILE: '', LOCAL_MODEL: 'auto', LOCAL_MODEL_URL: url, LOCAL_MODEL_THREADS: '1' });
  try {
    await page.goto(`${server.url}/`);
    const card = page.getByRole('region', { name: 'Set up an AI model' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('No AI model is set up yet');
    for (const way of ['OPENAI_API_KEY', 'MODELS_FILE', 'LOCAL_MODEL_PATH']) await expect(card).toContainText(way);
    await saveScreenshot(page, 'first-run-no-model');
  } finally {
    await server.stop();
  }
});
