import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/env';

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
/** The README's configuration-table row that lists a variable. */
const rowOf = (name: string) => README.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``)) ?? '';
const grouped = (n: number) => new Intl.NumberFormat('en-IN').format(n);

describe('the README states the bounds env.ts enforces', () => {
  const bounds = [
    { name: 'ARENA_DAILY_VOTES', min: 1, max: 10_000, stated: ['1 to 10,000'] },
    { name: 'ARENA_BURST_VOTES', min: 1, max: 10_000, stated: ['1 to 10,000'] },
    { name: 'ARENA_BATTLE_TTL_SECONDS', min: 60, max: 86_400, stated: ['at least 60 s', 'at most 86,400 s'] },
    { name: 'V1_KEY_MAX_CONCURRENT', min: 1, max: 1_000, stated: ['1 to 1,000'] },
  ];
  for (const { name, min, max, stated } of bounds) {
    it(`${name}: ${grouped(min)} to ${grouped(max)}, enforced at start and written in its README row`, () => {
      for (const ok of [min, max]) expect(() => loadConfig({ [name]: String(ok) }), `${name}=${ok}`).not.toThrow();
      for (const bad of [min - 1, max + 1]) expect(() => loadConfig({ [name]: String(bad) }), `${name}=${bad}`).toThrow(name);
      for (const words of stated) expect(rowOf(name)).toContain(words);
    });
  }

  it('DELETED_ACCOUNTS_LEDGER has a README row and a Backup and restore section', () => {
    expect(rowOf('DELETED_ACCOUNTS_LEDGER')).toContain('DATA_DIR/deleted-accounts.ledger');
    expect(README).toContain('### Backup and restore');
    expect(loadConfig({ DATA_DIR: '/srv/sangam' }).deletedAccountsLedger).toBe(path.resolve('/srv/sangam/deleted-accounts.ledger'));
  });
});
