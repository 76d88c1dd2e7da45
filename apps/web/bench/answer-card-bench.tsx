import { Profiler, useEffect, useState } from 'react';
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

/** Render cost of each update; the first render (the mount) is reported apart. */
const costs: number[] = [];
let mount = 0;
declare global {
  interface Window {
    benchResult?: { updates: number; costs: number[]; mount: number };
  }
}

function Bench() {
  const [card, setCard] = useState<Card>({ id: 'b', title: 'Bench', content: '', neonColor: 'cyan', status: 'streaming' });
  useEffect(() => {
    let i = 0;
    const id = window.setInterval(() => {
      i += 64;
      setCard((c) => ({ ...c, content: text.slice(0, i), status: i >= text.length ? 'done' : 'streaming' }));
      if (i >= text.length) {
        window.clearInterval(id);
        window.setTimeout(() => {
          window.benchResult = { updates: costs.length, costs, mount };
        }, 200);
      }
    }, 4);
    return () => window.clearInterval(id);
  }, []);
  return (
    <Profiler
      id="card"
      onRender={(_id, phase, actual) => {
        if (phase === 'mount') mount = actual;
        else costs.push(actual);
      }}
    >
      <AnswerCard card={card} isMinimized={false} onToggleMinimize={() => {}} onEdit={() => {}} />
    </Profiler>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Bench />);
