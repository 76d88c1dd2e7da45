import { Fragment, type ReactNode } from 'react';

/**
 * Light formatting for tool answers (SPEC.md section 7): **bold**, ```code blocks```, `inline code`,
 * line breaks and numbered items. Built from React elements only: model text never becomes HTML.
 * `highlight` can mark extra patterns (the calorie tool's 'N cal').
 */
export function FormattedText({ text, highlight }: { text: string; highlight?: RegExp }) {
  const blocks = text.split(/```/);
  return (
    <div className="space-y-2 leading-relaxed">
      {blocks.map((block, i) =>
        i % 2 === 1 ? (
          <pre key={i} className="max-w-full overflow-x-auto rounded-lg bg-black/40 p-3 text-sm">
            <code>{block.replace(/^\w*\n/, '')}</code>
          </pre>
        ) : (
          <Fragment key={i}>{renderLines(block, highlight)}</Fragment>
        ),
      )}
    </div>
  );
}

function renderLines(block: string, highlight?: RegExp): ReactNode[] {
  return block
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }, idx, all) => line.trim() !== '' || (idx > 0 && all[idx - 1]?.line.trim() !== ''))
    .map(({ line, i }) => {
      const numbered = /^\s*(\d+)[.)]\s+(.*)$/.exec(line);
      if (numbered) {
        return (
          <p key={i} className="flex gap-2">
            <span className="font-semibold text-amber-300">{numbered[1]}.</span>
            <span>{renderInline(numbered[2] ?? '', highlight)}</span>
          </p>
        );
      }
      if (line.trim() === '') return <br key={i} />;
      return <p key={i}>{renderInline(line, highlight)}</p>;
    });
}

function renderInline(line: string, highlight?: RegExp): ReactNode[] {
  const parts = line.split(/(\*\*[^*]+\*\*|`[^`]+`)/g).filter(Boolean);
  return parts.map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**')) {
      const bold = part.slice(2, -2);
      return <strong key={i}>{highlight ? renderHighlighted(bold, highlight) : bold}</strong>;
    }
    if (part.startsWith('`') && part.endsWith('`'))
      return (
        <code key={i} className="rounded bg-black/40 px-1 py-0.5 text-sm">
          {part.slice(1, -1)}
        </code>
      );
    return <Fragment key={i}>{highlight ? renderHighlighted(part, highlight) : part}</Fragment>;
  });
}

function renderHighlighted(text: string, pattern: RegExp): ReactNode[] {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const re = new RegExp(pattern.source, flags);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <mark key={start} className="rounded bg-emerald-400/20 px-1 font-semibold text-emerald-300">
        {m[0]}
      </mark>,
    );
    last = start + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
