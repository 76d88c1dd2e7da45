import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '@/app-context';
import { readCookie, serializeCookie } from '@/lib/signed-cookies';

/** The long-lived device cookie set at each successful sign-in: a random id, signed. */
export const DEVICE_COOKIE = 'sangam_device';
/** Browsers keep a cookie at most 400 days. */
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600;
/** The owner cookie of a pending sign-up (the browser that made it): as long as a pending sign-up lives. */
export const SIGNUP_COOKIE = 'sangam_signup';
const SIGNUP_MAX_AGE_SECONDS = 24 * 3600;

/** Devices are remembered per account only as a hash, in the same table as addresses (prefixed apart). */
export const deviceHash = (deviceId: string) => createHash('sha256').update(`login-device:${deviceId}`).digest('hex');

/** The device id of the request's signed device cookie, if it carries a valid one. */
export const deviceOf = (ctx: AppContext, request: FastifyRequest) =>
  ctx.cookies.verify('device', readCookie(request.headers.cookie, DEVICE_COOKIE));

const secure = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https:');

/** Sets (or renews) the device cookie; a device without one gets a new id. */
export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, deviceId: string = randomUUID()) {
  reply.header(
    'set-cookie',
    serializeCookie(DEVICE_COOKIE, ctx.cookies.sign('device', deviceId), { maxAgeSeconds: DEVICE_MAX_AGE_SECONDS, secure: secure(ctx) }),
  );
  return deviceId;
}

/** The pending sign-up the request's owner cookie names, if it carries a valid one. */
export const signupOwnedBy = (ctx: AppContext, request: FastifyRequest) =>
  ctx.cookies.verify('signup', readCookie(request.headers.cookie, SIGNUP_COOKIE));

/** Marks the browser as the owner of a pending sign-up (or of a made-up one, so every answer looks alike). */
export function setSignupCookie(ctx: AppContext, reply: FastifyReply, pendingId: string = randomUUID()) {
  reply.header(
    'set-cookie',
    serializeCookie(SIGNUP_COOKIE, ctx.cookies.sign('signup', pendingId), { maxAgeSeconds: SIGNUP_MAX_AGE_SECONDS, secure: secure(ctx) }),
  );
}
