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
    await post(dev, '/api/v1/signup', { name: 'Outbox Reader', username: 'outbox1', email: 'outbox@example.com', password: 'Str0ng!pass' });
    await expect.poll(async () => (await (await fetch(`${dev.baseUrl}/dev/outbox`)).text()).includes('outbox@example.com')).toBe(true);
    const html = await (await fetch(`${dev.baseUrl}/dev/outbox`)).text();
    expect(html).toContain('Your Sangam verification code');
    expect(html).not.toContain('<script');
    // In production the route does not exist: the path falls through to the web app (or 404 without it).
    expect(await (await fetch(`${prod.baseUrl}/dev/outbox`)).text()).not.toContain('Outbox (');
  });
});
