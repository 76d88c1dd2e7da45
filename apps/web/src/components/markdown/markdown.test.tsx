import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Markdown, splitBlocks } from '@/components/markdown/markdown';

const CODE = '```ts\nconst answer = 42;\n\nexport default answer;\n```';

function render(text: string, isStreaming: boolean) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <Markdown text={text} isStreaming={isStreaming} />
      </I18nProvider>,
    ),
  );
  return {
    host,
    update: (next: string, streaming: boolean) =>
      act(() =>
        root.render(
          <I18nProvider i18n={i18n}>
            <Markdown text={next} isStreaming={streaming} />
          </I18nProvider>,
        ),
      ),
  };
}

describe('Markdown', () => {
  it('splits blocks at blank lines outside code fences, and from a block start', () => {
    const text = `First para\n\n${CODE}\n\nLast *one*`;
    expect(splitBlocks(text).blocks).toEqual(['First para', CODE, 'Last *one*']);
    const from = text.indexOf('Last');
    expect(splitBlocks(text, from)).toEqual({ blocks: ['Last *one*'], lastStart: from });
  });

  it('renders a streamed text the same as the whole text at once', () => {
    const text = `# Title\n\nSome **bold** and \`code\`.\n\n${CODE}\n\n1. one\n2. two`;
    const whole = render(text, false);
    const streamed = render('', true);
    for (let i = 7; i < text.length; i += 7) streamed.update(text.slice(0, i), true);
    streamed.update(text, false);
    expect(streamed.host.innerHTML).toBe(whole.host.innerHTML);
  });

  it('starts over when the text is replaced rather than grown (an edited answer)', () => {
    const view = render('Old first\n\nOld second', false);
    view.update('New only', false);
    expect(view.host.textContent).toBe('New only');
  });

  it('highlights fenced code once its block is complete, not while it streams', () => {
    const view = render(`${CODE}\n\nmore`, true);
    expect(view.host.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    const open = render(CODE.slice(0, -3), true);
    expect(open.host.querySelector('.hljs-keyword')).toBeNull();
  });

  it('renders no raw HTML and no javascript: links', () => {
    const view = render('<img src=x onerror=alert(1)> [x](javascript:alert(1))', false);
    expect(view.host.querySelector('img')).toBeNull();
    expect(view.host.querySelector('a')).toBeNull();
  });
});
