import fs from 'node:fs';
import path from 'node:path';

type OutboxMail = { to: string; subject: string; text: string; sentAt: string };

/** Mails written by the server under test to DATA_DIR/outbox (one JSON file each, newest last). */
export function readOutbox(): OutboxMail[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** The newest 6-digit code mailed to an address, waiting for it to arrive (and to differ from `not`). */
export async function readLatestCode(email: string, { not }: { not?: string } = {}): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = readOutbox()
      .filter((m) => m.to === email.toLowerCase())
      .at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== not) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}
