import { timingSafeEqual } from 'node:crypto';
import { ROUTES } from '@sangam/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '@/app-context';
import { AppError } from '@/errors';
import { escapeHtml } from '@/lib/html';
import { readOutbox } from '@/lib/mailer/mailer';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
export const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address));

const sameSecret = (given: unknown, key: string) => {
  if (typeof given !== 'string' || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
};

/**
 * The viewer is for the person at this machine: the TCP peer (never X-Forwarded-For) is loopback,
 * the request did not come through a proxy (a reverse proxy on the same host connects from loopback
 * too), and it carries the key generated at start.
 */
export function mayReadOutbox(request: FastifyRequest, key: string) {
  const h = request.headers;
  const proxied = h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
  return isLoopback(request.socket.remoteAddress) && !proxied && sameSecret((request.query as { key?: unknown }).key, key);
}

/**
 * Without SMTP and outside production: GET /dev/outbox?key=… lists the mails written to
 * DATA_DIR/outbox, newest first, for a loopback client holding the key (DATA_DIR/outbox-link.txt).
 * Anyone else gets a plain 404, as if the page did not exist.
 */
export async function outboxRoutes(app: FastifyInstance, { ctx, key }: { ctx: AppContext; key: string }) {
  app.get('/outbox', { schema: ROUTES['GET /dev/outbox'] }, async (request, reply) => {
    if (!mayReadOutbox(request, key)) throw new AppError('NOT_FOUND');
    const mails = (await readOutbox(ctx.config.dataDir)).reverse();
    const rows = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to)} · <b>Sent:</b> ${escapeHtml(m.sentAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    const css =
      'body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;background:#05060f;color:#e2e8f0}article{border:1px solid #334155;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}';
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sangam outbox</title><style>${css}</style></head><body><h1>Outbox (${mails.length})</h1>${rows || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
