import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FailureCard } from '@/components/tool/failure-card';
import { AppError } from '@/lib/app-error';
import { codeMessage } from '@/lib/i18n/error-messages';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';

function reason(locale: 'en' | 'hi', error: AppError) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'en' ? english : hindi } });
  const host = document.createElement('div');
  document.body.append(host);
  act(() =>
    createRoot(host).render(
      <I18nProvider i18n={i18n}>
        <FailureCard error={error} />
      </I18nProvider>,
    ),
  );
  return { text: host.querySelector('[data-testid="failure-reason"]')?.textContent, i18n };
}

describe('FailureCard', () => {
  it('gives the reason in the language on screen: the code’s message from the catalog, the server’s words in English', () => {
    const error = new AppError({
      code: 'ALL_MODELS_FAILED',
      detail: 'Every model failed: upstream 502.',
      body: { code: 'ALL_MODELS_FAILED' },
    });
    const hi = reason('hi', error);
    expect(hi.text).toBe(codeMessage('ALL_MODELS_FAILED', hi.i18n));
    expect(hi.text).not.toMatch(/\p{Script=Latin}/u);
    expect(reason('en', error).text).toBe(error.detail);
  });

  it('keeps the server’s words for a code the registry does not know', () => {
    const error = new AppError({ code: 'INTERNAL', detail: 'Something new broke.', body: { code: 'BRAND_NEW_CODE' } });
    expect(reason('hi', error).text).toBe('Something new broke.');
  });
});
