import { Profiler, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AnswerCard } from '@/features/chat/components/answer-card';
import type { AnswerCard as Card } from '@/features/chat/hooks/use-answer-stream';
import '@/styles/index.css';

/** Streams a 64 KB Markdown answer into the real AnswerCard, 64 bytes per update, and records React's render cost. */
const PARAGRAPH =
  'Sangam fuses **several models** into one answer. It streams text as it arrives, with `inline code` and [a link](https://example.com).\n\n';
const CODE = '```ts\nexport function add(a: number, b: number) {\n  return a + b;\n}\n```\n\n';
const LIST = '- first point\n- second point\n- third point\n\n';
let text = '';
while (text.length < 64 * 1024) text += PARAGRAPH + (text.length % 3 === 0 ? CODE : LIST);
text = text.slice(0, 64 * 1024);

/**
 * Two answers stream one after the other into a fresh card each: the first pays for the browser's
 * just-in-time compilation of the Markdown pipeline (a page's first answer), the second shows the
 * steady state. Each pass records every update's render cost; the mount is reported apart.
 */
type Pass = { mount: number; costs: number[] };
const passes: Pass[] = [];
declare global {
  interface Window {
    benchResult?: { passes: Pass[] };
  }
}

function StreamedCard({ onDone }: { onDone: () => void }) {
  const [card, setCard] = useState<Card>({ id: 'b', title: 'Bench', content: '', neonColor: 'cyan', status: 'streaming' });
  useEffect(() => {
    let i = 0;
    const id = window.setInterval(() => {
      i += 64;
      setCard((c) => ({ ...c, content: text.slice(0, i), status: i >= text.length ? 'done' : 'streaming' }));
      if (i >= text.length) {
        window.clearInterval(id);
        window.setTimeout(onDone, 200);
      }
    }, 4);
    return () => window.clearInterval(id);
  }, [onDone]);
  return <AnswerCard card={card} isMinimized={false} onToggleMinimize={() => {}} onEdit={() => {}} />;
}

function Bench() {
  const [pass, setPass] = useState(0);
  const onDone = useCallback(() => {
    if (pass === 1) window.benchResult = { passes };
    else setPass(1);
  }, [pass]);
  return (
    <Profiler
      key={pass}
      id={`pass-${pass}`}
      onRender={(_id, phase, actual) => {
        passes[pass] ??= { mount: 0, costs: [] };
        const p = passes[pass];
        if (phase === 'mount') p.mount = actual;
        else p.costs.push(actual);
      }}
    >
      <StreamedCard key={pass} onDone={onDone} />
    </Profiler>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Bench />);
