import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/app';
import { escapeHtml } from '@/lib/html';
import { readOutbox } from '@/lib/mailer/mailer';

/** Development only: GET /dev/outbox lists the mails written to DATA_DIR/outbox, newest first. */
export async function outboxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/outbox', async (_request, reply) => {
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
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sangam outbox</title><style>${css}</style></head><body><h1>Outbox (${mails.length})</h1>${rows || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
