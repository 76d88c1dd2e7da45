import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper';
import { post } from './users';

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dev = await startTestApp({ NODE_ENV: 'development' });
  prod = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
});

describe('the development outbox page', () => {
  it('lists mails in development, escaped, and is absent in production', async () => {
    const link = fs.readFileSync(path.join(dev.dataDir, 'outbox-link.txt'), 'utf8').trim();
    const viewer = `${dev.baseUrl}/dev/outbox?key=${new URL(link).searchParams.get('key')}`;
    await post(dev, '/api/v1/signup', { name: 'Outbox Reader', username: 'outbox1', email: 'outbox@example.com', password: 'Str0ng!pass' });
    await expect.poll(async () => (await (await fetch(viewer)).text()).includes('outbox@example.com')).toBe(true);
    const html = await (await fetch(viewer)).text();
    expect(html).toContain('Your Sangam verification code');
    expect(html).not.toContain('<script');
    // In production the route does not exist: the path falls through to the web app (or 404 without it).
    expect(await (await fetch(`${prod.baseUrl}/dev/outbox`)).text()).not.toContain('Outbox (');
  });
});
