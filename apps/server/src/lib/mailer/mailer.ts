import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mail } from '@/lib/mailer/templates';

export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'outbox'; close: () => void };
export type OutboxMail = Mail & { from: string; sentAt: string };

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail becomes one JSON file in DATA_DIR/outbox
 * (named so the newest sorts last, readable by this user only) and a log line naming only the file.
 */
export function createMailer({
  smtpUrl,
  from,
  dataDir,
  log,
}: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        try {
          await transport.sendMail({ from, ...mail });
        } catch (err) {
          // The server's reply can quote the recipient: only its kind and status reach the log.
          const e = err as { code?: string; responseCode?: number };
          throw new Error(`SMTP delivery failed (${e.code ?? 'error'}${e.responseCode ? ` ${e.responseCode}` : ''})`);
        }
        // Never the subject, body or recipient: the subject of a code mail carries the code.
        log.info('mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let seq = 0;
  return {
    kind: 'outbox',
    send: async (mail) => {
      seq = (seq + 1) % 1_000_000;
      const now = new Date();
      const name = `${String(now.getTime()).padStart(15, '0')}-${String(process.pid).padStart(7, '0')}-${String(seq).padStart(6, '0')}.json`;
      const record: OutboxMail = { ...mail, from, sentAt: now.toISOString() };
      // Written under a temporary name, then renamed: a reader never sees half a mail.
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.promises.writeFile(tmp, JSON.stringify(record, null, 2), { mode: 0o600 });
      await fs.promises.rename(tmp, path.join(dir, name));
      log.info({ file: name }, 'mail written to the outbox (no SMTP_URL set)');
    },
    close: () => {},
  };
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** The outbox, newest last. */
export async function readOutbox(dataDir: string): Promise<Array<OutboxMail & { file: string }>> {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const files = (await fs.promises.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => ({ file, ...(JSON.parse(await fs.promises.readFile(path.join(dir, file), 'utf8')) as OutboxMail) })),
  );
}
