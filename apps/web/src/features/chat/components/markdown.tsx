import { Check, Copy } from 'lucide-react';
import { memo, type ReactNode, useState } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '@/features/chat/lib/refined';

/** Splits Markdown into top-level blocks at blank lines outside code fences. */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '' && current.length) {
      blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

function CopyCode({ children }: { children: ReactNode }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="group relative">
      <button
        type="button"
        aria-label={copied ? 'Code copied' : 'Copy code'}
        className="absolute top-2 right-2 rounded bg-white/10 p-1 text-slate-200 opacity-80 hover:opacity-100"
        onClick={async (e) => {
          const code = (e.currentTarget.nextElementSibling as HTMLElement | null)?.innerText ?? '';
          await navigator.clipboard.writeText(code);
          setCopied(true);
          window.setTimeout(() => setCopied(false), 1500);
        }}
      >
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      </button>
      <pre className="overflow-x-auto rounded-lg bg-black/50 p-3 text-sm">{children}</pre>
    </div>
  );
}

const components: Components = {
  a: ({ href, children }) => {
    const url = safeUrl(href ?? '');
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="text-neon-cyan underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  pre: ({ children }) => <CopyCode>{children}</CopyCode>,
  img: ({ alt }) => <span className="text-slate-400">[{alt || 'image'}]</span>,
};

/** One block: memoized, so finished blocks never re-render; code is highlighted once complete. */
const Block = memo(function Block({ text, isComplete }: { text: string; isComplete: boolean }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={isComplete ? [rehypeHighlight] : []}
      components={components}
      urlTransform={safeUrl}
      skipHtml
    >
      {text}
    </ReactMarkdown>
  );
});

/** Model output as safe Markdown (no raw HTML; links only http, https, mailto), rendered incrementally. */
export function Markdown({ text, isStreaming }: { text: string; isStreaming: boolean }) {
  const blocks = splitBlocks(text);
  return (
    <div className="markdown space-y-3 text-sm leading-relaxed text-slate-100">
      {blocks.map((b, i) => (
        <Block key={i} text={b} isComplete={!isStreaming || i < blocks.length - 1} />
      ))}
    </div>
  );
}
