import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, type RenderOptions } from '@testing-library/react';
import { createElement, type JSXElementConstructor, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { messages as englishMessages } from '@/locales/en.po';

afterEach(() => cleanup());

// The interface speaks English in tests unless one activates another locale.
i18n.loadAndActivate({ locale: 'en', messages: englishMessages });

// Every rendered tree sits in the I18nProvider, as in the app (around a test's own wrapper, if any).
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof import('@testing-library/react')>();
  const withI18n =
    (Inner?: JSXElementConstructor<{ children: ReactNode }>) =>
    ({ children }: { children: ReactNode }) =>
      createElement(I18nProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
  return {
    ...rtl,
    render: ((ui: ReactNode, options?: RenderOptions) =>
      rtl.render(ui, { ...options, wrapper: withI18n(options?.wrapper) })) as unknown as typeof rtl.render,
  };
});
