import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, chooseLocale, initialLocale, LOCALE_STORAGE_KEY } from '@/lib/i18n/locale';

afterEach(async () => {
  localStorage.clear();
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('the interface language', () => {
  it('first visit: the first of the browser languages that Sangam ships, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'ta-IN', 'hi']);
    expect(initialLocale()).toBe('ta');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
    expect(initialLocale()).toBe('en');
  });

  it('a kept choice wins over the browser; an unknown kept value is ignored', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN']);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ml');
    expect(initialLocale()).toBe('ml');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(initialLocale()).toBe('hi');
  });

  it('choosing Hindi keeps it, loads its catalog and sets <html lang>', async () => {
    await chooseLocale('hi');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    // The server draws the next page in Hindi first (its catalog and face preloaded).
    expect(document.cookie).toContain('sangam_locale=hi');
    expect(i18n.locale).toBe('hi');
    expect(i18n._(msg`Language`)).toBe('भाषा');
    await chooseLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('sangam_locale=en');
    expect(i18n._(msg`Language`)).toBe('Language');
  });
});
