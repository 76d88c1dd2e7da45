import { LEADERBOARD_CATEGORIES, type LeaderboardCategoryResult } from '@sangam/contracts';
import { clsx } from 'clsx';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HeadingRow } from '@/components/ui/heading-row';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { useLeaderboard } from '@/features/arena/api/leaderboard';
import { Methodology } from '@/features/arena/components/methodology';
import { useLeaderboardLanguage } from '@/features/arena/hooks/use-leaderboard-language';

export type SampleEntry = { rank: number; modelName: string; score: number; description: string };
type Category = (typeof LEADERBOARD_CATEGORIES)[number];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '-');
const when = (iso: string | null) =>
  iso ? `${new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC` : 'never';

function SampleRows({ rows }: { rows: SampleEntry[] }) {
  return rows.map((e) => (
    <tr key={e.modelName} className="border-t border-white/5 text-slate-300">
      <td className="p-4 font-bold text-white">#{e.rank}</td>
      <td className="p-4 font-medium text-white">{e.modelName}</td>
      <td className="p-4">
        <span className="font-mono text-neon-cyan">{e.score}</span>
      </td>
      <td className="p-4">{e.description}</td>
    </tr>
  ));
}

function RealRows({ result }: { result: LeaderboardCategoryResult }) {
  return result.rows.map((r) => (
    <tr key={r.modelId} className="border-t border-white/5 text-slate-300">
      <td className="p-4 font-bold text-white">#{r.rank}</td>
      <td className="p-4 font-medium text-white">{r.modelName}</td>
      <td className="p-4">
        <span className="font-mono text-neon-cyan">{r.score}</span>
        <span className="block text-xs text-slate-400">
          95 % CI {r.lower}–{r.upper}
        </span>
      </td>
      <td className="p-4">
        {r.votes} votes{r.provider ? ` · ${r.provider}` : ''} · {r.likes} likes · {r.unlikes} unlikes
      </td>
    </tr>
  ));
}

/**
 * The leaderboard's tabs and table (Rank, Model, Score, Description): real rankings where a category
 * has enough votes, the labelled sample otherwise (also while the rankings load or if they fail).
 */
export function LeaderboardBoard({ sample }: { sample: Record<Category, SampleEntry[]> }) {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [language] = useLeaderboardLanguage();
  const { data } = useLeaderboard(language);
  const category: Category = LEADERBOARD_CATEGORIES[active] ?? 'Overall';
  const real = data?.categories.find((c) => c.category === category && !c.sample && c.rows.length > 0);
  const onKeyDown = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (active + delta + LEADERBOARD_CATEGORIES.length) % LEADERBOARD_CATEGORIES.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
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
      <div role="tabpanel" id={`panel-${slug(category)}`} aria-labelledby={`tab-${slug(category)}`} className="mt-6">
        {real ? (
          <p className="mb-3 text-sm text-emerald-200" data-testid="leaderboard-status">
            Real rankings from {real.votes} blind votes · last update {when(real.lastVoteAt)}
          </p>
        ) : (
          <p
            className="mb-3 inline-block rounded-full border border-amber-400/40 bg-amber-400/10 px-3 py-1 text-xs text-amber-200"
            data-testid="leaderboard-status"
          >
            Sample data for illustration: not the result of a benchmark run.
          </p>
        )}
        <ScrollRegion
          label={`${category} table`}
          className="rounded-2xl border border-white/10 focus-visible:outline-2 focus-visible:outline-neon-cyan"
        >
          <table className="w-full min-w-[600px] text-left text-sm">
            <caption className="sr-only">{category} leaderboard</caption>
            <thead className="bg-white/5 text-slate-200">
              <HeadingRow headings={['Rank', 'Model', 'Score', 'Description']} cellClassName="p-4" />
            </thead>
            <tbody>{real ? <RealRows result={real} /> : <SampleRows rows={sample[category] ?? []} />}</tbody>
          </table>
        </ScrollRegion>
      </div>
      <p className="mt-6 text-center text-sm text-slate-300">
        Rankings come from blind votes.{' '}
        <Link to={paths.arena} className="font-semibold text-neon-cyan underline underline-offset-4">
          Battle in the arena
        </Link>
      </p>
      <Methodology minVotes={data?.minVotes ?? 200} rules={data?.rules} />
    </>
  );
}
