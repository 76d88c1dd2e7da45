import { i18n } from '@lingui/core';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTitle } from '@/layouts/page-title';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: english }));

const renderAt = (path: string) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', Component: PageTitle }], { initialEntries: [path] })} />);

describe('PageTitle: the tab title follows the screen and the language', () => {
  it('reads the tagline on the landing page and "<screen> · Sangam" elsewhere', () => {
    renderAt('/');
    expect(document.title).toBe('Sangam (Beta): many AI models, one answer');
    renderAt('/settings');
    expect(document.title).toBe('Settings · Sangam');
  });

  it('changes with the language and keeps Sangam', () => {
    renderAt('/settings');
    act(() => i18n.loadAndActivate({ locale: 'hi', messages: hindi }));
    expect(document.title).toMatch(/^\p{Script=Devanagari}[^A-Za-z]* · Sangam$/u);
  });
});
