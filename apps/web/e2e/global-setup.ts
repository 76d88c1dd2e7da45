import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeModelsFile, startFakeLlm } from '@sangam/test-fakes/fake-llm';
import { startFakeRazorpay } from '@sangam/test-fakes/fake-razorpay';
import { freePort } from './support/ports';

async function waitForReady(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after 120 s:\n${log()}`);
}

/** Rupees per million tokens of the fake models (issue 15's costs), so the journeys see rupees, not only tokens. */
export const E2E_PRICE = { input: 20_000, output: 60_000, currency: 'INR' } as const;

function withPrices(file: string): string {
  const parsed = JSON.parse(file) as { models: Array<{ id: string }> };
  const priced = new Set(['alpha', 'beta', 'gamma', 'fusion']);
  return JSON.stringify({ ...parsed, models: parsed.models.map((m) => (priced.has(m.id) ? { ...m, price: E2E_PRICE } : m)) });
}

/**
 * Starts the built server on a free port with a fresh temporary DATA_DIR; tests read
 * E2E_BASE_URL and E2E_DATA_DIR. Returns the teardown.
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../../..');
  const entry = process.env.E2E_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/server.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-e2e-'));
  // The model providers are a fake OpenAI-compatible upstream on 127.0.0.1 that tests can script.
  const fake = await startFakeLlm();
  const modelsFile = path.join(dataDir, 'models.json');
  fs.writeFileSync(modelsFile, withPrices(fakeModelsFile(fake.url, { timeoutMs: 8000 })));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Payments: a fake Razorpay API and hosted page on 127.0.0.1, sending signed webhooks to the server.
  const razorpayKeys = { keyId: 'rzp_test_e2e', keySecret: 'e2e-key-secret', webhookSecret: 'e2e-webhook-secret' };
  const razorpay = await startFakeRazorpay(razorpayKeys);
  razorpay.state.webhookUrl = `${baseUrl}/api/v1/billing/webhook`;
  razorpay.state.returnUrl = `${baseUrl}/profile/billing`;
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOCAL_MODEL: 'off',
      // Each browser test looks like its own client address (fixtures send X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1,::1',
      // Short-lived access tokens: every journey also exercises the transparent refresh.
      ACCESS_TOKEN_TTL_SECONDS: '15',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      MODELS_FILE: modelsFile,
      // Journeys are not quota tests: the scripture tool's All Books reserves eight answers at once, more
      // than the free plan's 50,000 tokens hold (quotas are tested over HTTP in apps/server/test/quota-*).
      FREE_PLAN_TOKENS: '1000000',
      // Fusion starts at most 3 s after the first answer; a slower proposer is late (issue 15's journeys).
      FUSION_DEADLINE_MS: '3000',
      RAZORPAY_KEY_ID: razorpayKeys.keyId,
      RAZORPAY_KEY_SECRET: razorpayKeys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpayKeys.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  await waitForReady(baseUrl, child, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_FAKE_LLM_URL = fake.url;
  process.env.E2E_FAKE_RAZORPAY_URL = razorpay.url;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await fake.close();
    await razorpay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
