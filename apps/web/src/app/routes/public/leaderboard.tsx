import { clsx } from 'clsx';
import { type KeyboardEvent, useRef, useState } from 'react';
import { LEADERBOARD, LEADERBOARD_CATEGORIES } from '@/features/marketing/data/leaderboard';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '-');

export function LeaderboardRoute() {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const category = LEADERBOARD_CATEGORIES[active] ?? 'Overall';
  const onKeyDown = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (active + delta + LEADERBOARD_CATEGORIES.length) % LEADERBOARD_CATEGORIES.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <header className="text-center">
        <h1 className="text-4xl font-bold text-white sm:text-5xl">AI Model Leaderboard</h1>
        <p className="mt-4 text-slate-300">How leading models compare by kind of task.</p>
        <p className="mt-2 inline-block rounded-full border border-amber-400/40 bg-amber-400/10 px-3 py-1 text-xs text-amber-200">
          Sample data for illustration: not the result of a benchmark run.
        </p>
      </header>
      <div role="tablist" aria-label="Categories" className="mt-10 flex gap-2 overflow-x-auto pb-2" onKeyDown={onKeyDown}>
        {LEADERBOARD_CATEGORIES.map((c, i) => (
          <button
            key={c}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${slug(c)}`}
            aria-selected={i === active}
            aria-controls={`panel-${slug(c)}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            className={clsx(
              'shrink-0 rounded-full px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-neon-cyan',
              i === active ? 'bg-neon-cyan text-ink' : 'bg-white/5 text-slate-300 hover:text-white',
            )}
          >
            {c}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${slug(category)}`}
        aria-labelledby={`tab-${slug(category)}`}
        className="mt-6 overflow-x-auto rounded-2xl border border-white/10"
      >
        <table className="w-full min-w-[600px] text-left text-sm">
          <caption className="sr-only">{category} leaderboard</caption>
          <thead className="bg-white/5 text-slate-200">
            <tr>
              <th scope="col" className="p-4">
                Rank
              </th>
              <th scope="col" className="p-4">
                Model
              </th>
              <th scope="col" className="p-4">
                Score
              </th>
              <th scope="col" className="p-4">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {(LEADERBOARD[category] ?? []).map((e) => (
              <tr key={e.modelName} className="border-t border-white/5 text-slate-300">
                <td className="p-4 font-bold text-white">#{e.rank}</td>
                <td className="p-4 font-medium text-white">{e.modelName}</td>
                <td className="p-4">
                  <span className="font-mono text-neon-cyan">{e.score}</span>
                </td>
                <td className="p-4">{e.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
