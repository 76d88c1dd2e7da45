import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { common, createLowlight } from 'lowlight';
import { Check, Copy } from 'lucide-react';
import { memo, type ReactNode, useRef, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import ReactMarkdown, { type Components } from 'react-markdown';
import 'highlight.js/styles/github-dark-dimmed.css';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '@/lib/safe-url';

/**
 * Splits Markdown into top-level blocks at blank lines outside code fences, starting at `from` (the
 * start of a block). Also gives where the last block starts, so a growing text can be split again
 * from there only.
 */
export function splitBlocks(text: string, from = 0): { blocks: string[]; lastStart: number } {
  const blocks: string[] = [];
  let blockStart = -1;
  let lastStart = from;
  let inFence = false;
  let pos = from;
  for (;;) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '') {
      if (blockStart !== -1) blocks.push(text.slice(blockStart, pos - 1));
      blockStart = -1;
    } else if (blockStart === -1) {
      blockStart = pos;
      lastStart = pos;
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  if (blockStart !== -1) blocks.push(text.slice(blockStart));
  return { blocks, lastStart };
}
const FENCE = /^\s*(```|~~~)/;

/** The blocks of a text that grows at its end (a stream): only its last block is split again. */
function useBlocks(text: string): string[] {
  const last = useRef({ text: '', blocks: [] as string[], lastStart: 0 });
  const prev = last.current;
  if (text === prev.text) return prev.blocks;
  const grows = prev.blocks.length > 0 && text.startsWith(prev.text);
  const tail = splitBlocks(text, grows ? prev.lastStart : 0);
  const blocks = grows ? [...prev.blocks.slice(0, -1), ...tail.blocks] : tail.blocks;
  last.current = { text, blocks, lastStart: tail.blocks.length ? tail.lastStart : prev.lastStart };
  return blocks;
}

function CopyCode({ children }: { children: ReactNode }) {
  const { t: translate } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <div className="group relative">
      <button
        type="button"
        aria-label={copied ? translate`Code copied` : translate`Copy code`}
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
      <pre className="max-w-full overflow-x-auto rounded-lg bg-black/50 p-3 pr-11 text-sm">{children}</pre>
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
  // A wide table scrolls sideways in its own box, never the answer or the page.
  table: ({ children }) => (
    <div className="max-w-full overflow-x-auto" data-testid="table-scroll">
      <table>{children}</table>
    </div>
  ),
  img: ({ alt }) => <span className="text-slate-400">[{alt || t`image`}]</span>,
};

const GFM = [remarkGfm];

/** One highlighter for the page: its grammars are compiled once, not per rendered block. */
const lowlight = createLowlight(common);

/** Fenced code with a known language, highlighted once its block is complete. */
function HighlightedCode({ className, children }: { className?: string; children?: ReactNode }) {
  const language = /language-([\w-]+)/.exec(className ?? '')?.[1];
  const source = typeof children === 'string' ? children : Array.isArray(children) ? children.join('') : '';
  if (!language || !source || !lowlight.registered(language)) return <code className={className}>{children}</code>;
  return (
    <code className={`${className} hljs`}>
      {remember(`${language}\u0000${source}`, () => toJsxRuntime(lowlight.highlight(language, source), { Fragment, jsx, jsxs }))}
    </code>
  );
}

/**
 * Finished text renders to the same elements every time, so they are kept (up to CACHE_MAX texts): a
 * turn that scrolls back into a long thread, or a card shown again in Compare All, is not parsed again.
 */
const CACHE_MAX = 3000;
const rendered = new Map<string, ReactNode>();
function remember(key: string, make: () => ReactNode): ReactNode {
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (rendered.size >= CACHE_MAX) rendered.delete(rendered.keys().next().value as string);
  rendered.set(key, value);
  return value;
}

const completeComponents: Components = { ...components, code: HighlightedCode };

/** One block: memoized, so finished blocks never re-render; code is highlighted once complete. */
const Block = memo(function Block({ text, isComplete }: { text: string; isComplete: boolean }) {
  if (isComplete) {
    return remember(text, () =>
      ReactMarkdown({ remarkPlugins: GFM, components: completeComponents, urlTransform: safeUrl, skipHtml: true, children: text }),
    );
  }
  return (
    <ReactMarkdown remarkPlugins={GFM} components={components} urlTransform={safeUrl} skipHtml>
      {text}
    </ReactMarkdown>
  );
});

/** Blocks in groups of this many, so a long answer reconciles ~n/32 groups, not n blocks, per update. */
const GROUP = 32;

type GroupProps = { blocks: string[]; lastIsOpen: boolean };
const sameGroup = (a: GroupProps, b: GroupProps) =>
  a.lastIsOpen === b.lastIsOpen && a.blocks.length === b.blocks.length && a.blocks.every((x, i) => x === b.blocks[i]);

/** A run of blocks; the same instance keeps its blocks mounted as the group fills up. */
const BlockGroup = memo(function BlockGroup({ blocks, lastIsOpen }: GroupProps) {
  return blocks.map((b, i) => <Block key={i} text={b} isComplete={!lastIsOpen || i < blocks.length - 1} />);
}, sameGroup);

/** Model output as safe Markdown (no raw HTML; links only http, https, mailto), rendered incrementally. */
export function Markdown({ text, isStreaming }: { text: string; isStreaming: boolean }) {
  const blocks = useBlocks(text);
  const groups = Math.ceil(blocks.length / GROUP);
  return (
    <div className="markdown space-y-3 text-sm leading-relaxed text-slate-100">
      {Array.from({ length: groups }, (_, g) => (
        <BlockGroup key={g} blocks={blocks.slice(g * GROUP, (g + 1) * GROUP)} lastIsOpen={isStreaming && g === groups - 1} />
      ))}
    </div>
  );
}
