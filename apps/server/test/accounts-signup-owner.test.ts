import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '@/lib/clock';
import { startTestApp, type TestApp } from './helper';
import { browser, mailsTo, nthCode } from './shared-address-helper';
import { post } from './users';

/** Issue 21 item 5: a stranger cannot keep a pending sign-up from ever being verified. */
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 3, 1, 9));
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
let n = 0;
const person = (ip: string) => {
  n += 1;
  const tag = `${n}${Date.now() % 100000}`;
  return { name: 'Meera Iyer', username: `owner${tag}`, password: 'Str0ng!pass', ip };
};

describe('the browser that made a sign-up can always get a fresh code', () => {
  it("four resends and five wrong codes from a stranger leave the owner's resend working, and the owner verifies", async () => {
    const email = `pending${Date.now()}@example.com`;
    const { ip, ...fields } = person('10.21.5.1');
    const owner = browser(t, ip);
    const signup = await owner.send('/api/v1/signup', { ...fields, email });
    expect(signup.status).toBe(201);
    expect(signup.cookies.join()).toMatch(/HttpOnly/);
    await nthCode(t, email, 1);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      expect((await post(t, '/api/v1/signup/resend_otp', { email }, { 'x-forwarded-for': `10.66.${i}.1` })).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post(t, '/api/v1/signup/otp_verify', { email, code: String(100000 + i) }, { 'x-forwarded-for': `10.67.${i}.1` })).status,
      ).toBe(400);
    clock.advance(61_000);
    const stranger = await post(t, '/api/v1/signup/resend_otp', { email }, { 'x-forwarded-for': '10.66.9.1' });
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe('RESEND_TOO_SOON');
    // Mails go out after the answer: wait for the sign-up's and the four resends' before counting, so
    // that the next one is the owner's.
    await nthCode(t, email, 5);
    const before = (await mailsTo(t, email)).length;
    const resent = await owner.send('/api/v1/signup/resend_otp', { email });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('A new verification code has been sent to your email.');
    const code = await nthCode(t, email, before + 1);
    const verified = await owner.send('/api/v1/signup/otp_verify', { email, code });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Email verified successfully!');
  });

  it("the owner's resends keep the spec's pace (once a minute) in an allowance no stranger can use up", async () => {
    const email = `paced${Date.now()}@example.com`;
    const { ip, ...fields } = person('10.21.6.1');
    const owner = browser(t, ip);
    expect((await owner.send('/api/v1/signup', { ...fields, email })).status).toBe(201);
    clock.advance(61_000);
    expect((await owner.send('/api/v1/signup/resend_otp', { email })).status).toBe(200);
    const soon = await owner.send('/api/v1/signup/resend_otp', { email });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('RESEND_TOO_SOON');
    // A stranger resending every minute for an hour never takes the owner's turn.
    for (let i = 0; i < 60; i += 1) {
      clock.advance(61_000);
      await post(t, '/api/v1/signup/resend_otp', { email }, { 'x-forwarded-for': `10.68.${i}.1` });
      if (i % 15 === 14) expect((await owner.send('/api/v1/signup/resend_otp', { email })).status).toBe(200);
    }
  });

  it('mails to one address stay bounded (5 × 3 + 3 × 5 an hour) however many strangers sign up and resend with cookies of their own', async () => {
    const email = `bounded${Date.now()}@example.com`;
    const start = (await mailsTo(t, email)).length;
    const strangers = [];
    for (let i = 0; i < 10; i += 1) {
      const { ip, ...fields } = person(`10.69.${i}.1`);
      const b = browser(t, ip);
      expect((await b.send('/api/v1/signup', { ...fields, email })).status).toBe(201);
      strangers.push(b);
    }
    for (let minute = 0; minute < 59; minute += 1) {
      clock.advance(MINUTE);
      for (const b of strangers) await b.send('/api/v1/signup/resend_otp', { email });
      await post(t, '/api/v1/signup/resend_otp', { email });
    }
    // Mail goes out a moment after each answer.
    await new Promise((r) => setTimeout(r, 200));
    const sent = (await mailsTo(t, email)).length - start;
    expect(sent).toBeGreaterThan(5);
    // The address's allowance: 5 sends, each a code per pending sign-up (3 at most); each of the
    // 3 oldest sign-ups' owners: 5.
    expect(sent).toBeLessThanOrEqual(5 * 3 + 3 * 5);
  });
});
