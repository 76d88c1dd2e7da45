import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { chatTitleIn } from '@/lib/i18n/chat-title';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';
import { messages as tamil } from '@/locales/ta.po';

const catalogs = { en: english, hi: hindi, ta: tamil };
const i18nFor = async (locale: keyof typeof catalogs) => setupI18n({ locale, messages: { [locale]: catalogs[locale] } });

describe('chatTitleIn', () => {
  it('shows a default title in the reader’s language with the date in their locale', async () => {
    expect(chatTitleIn(await i18nFor('hi'), 'Sangam Chat - 22 Nov 2026')).toBe(
      `Sangam चैट - ${new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 22))}`,
    );
    const ta = chatTitleIn(await i18nFor('ta'), 'Universe Chat - 3 Jan 2027');
    expect(ta.startsWith('Universe ')).toBe(true);
    expect(ta).not.toMatch(/Chat|Jan/);
    expect(ta).toMatch(/2027/);
  });

  it('keeps English as stored and a title the user chose as typed', async () => {
    expect(chatTitleIn(await i18nFor('en'), 'Sangam Chat - 22 Nov 2026')).toBe('Sangam Chat - 22 Nov 2026');
    const hi = await i18nFor('hi');
    for (const title of ['मेरी यात्रा 🙏', 'Sangam Chat - 22 Nov 2026 (copy)', 'Sangam Chat - 32 Foo 2026', 'x Sangam Chat - 1 Jan 2026'])
      expect(chatTitleIn(hi, title)).toBe(title);
  });
});
