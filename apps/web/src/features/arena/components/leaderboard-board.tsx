import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LEADERBOARD_CATEGORIES } from '@sangam/contracts';
import { clsx } from 'clsx';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HeadingRow } from '@/components/ui/heading-row';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { useLeaderboard } from '@/features/arena/api/leaderboard';
import { RealRows, SampleRows } from '@/features/arena/components/leaderboard-rows';
import { Methodology } from '@/features/arena/components/methodology';
import { useLeaderboardLanguage } from '@/features/arena/hooks/use-leaderboard-language';
import { categoryName } from '@/lib/i18n/category-names';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

export type SampleEntry = { rank: number; modelName: string; score: number; note: MessageDescriptor };
type Category = (typeof LEADERBOARD_CATEGORIES)[number];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '-');

/**
 * The leaderboard's tabs and table (Rank, Model, Score, Description): real rankings where a category
 * has enough votes, the labelled sample otherwise (also while the rankings load or if they fail).
 */
export function LeaderboardBoard({ sample }: { sample: Record<Category, SampleEntry[]> }) {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [language] = useLeaderboardLanguage();
  const { data } = useLeaderboard(language);
  const { i18n, t } = useLingui();
  const { count, dateTimeUtc } = useLocaleFormat();
  const category: Category = LEADERBOARD_CATEGORIES[active] ?? 'Overall';
  const real = data?.categories.find((c) => c.category === category && !c.sample && c.rows.length > 0);
  const categoryText = categoryName(i18n, category);
  const votes = count(real?.votes ?? 0);
  const voteCount = real?.votes ?? 0;
  const votesText = t`${plural(voteCount, { one: `${votes} blind vote`, other: `${votes} blind votes` })}`;
  const time = real?.lastVoteAt ? dateTimeUtc(real.lastVoteAt) : '';
  const lastUpdate = real?.lastVoteAt ? t`${time} UTC` : t`never`;
  const onKeyDown = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (active + delta + LEADERBOARD_CATEGORIES.length) % LEADERBOARD_CATEGORIES.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={t`Categories`} className="mt-10 flex gap-2 overflow-x-auto pb-2" onKeyDown={onKeyDown}>
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
            {categoryName(i18n, c)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${slug(category)}`} aria-labelledby={`tab-${slug(category)}`} className="mt-6">
        {real ? (
          <p className="mb-3 text-sm text-emerald-200" data-testid="leaderboard-status">
            <Trans>
              Real rankings from {votesText} · last update {lastUpdate}
            </Trans>
          </p>
        ) : (
          <p
            className="mb-3 inline-block rounded-full border border-amber-400/40 bg-amber-400/10 px-3 py-1 text-xs text-amber-200"
            data-testid="leaderboard-status"
          >
            <Trans>Sample data for illustration: not the result of a benchmark run.</Trans>
          </p>
        )}
        <ScrollRegion
          label={t`${categoryText} table`}
          className="rounded-2xl border border-white/10 focus-visible:outline-2 focus-visible:outline-neon-cyan"
        >
          <table className="w-full min-w-[600px] text-left text-sm">
            <caption className="sr-only">
              <Trans>{categoryText} leaderboard</Trans>
            </caption>
            <thead className="bg-white/5 text-slate-200">
              <HeadingRow headings={[t`Rank`, t`Model`, t`Score`, t`Description`]} cellClassName="p-4" />
            </thead>
            <tbody>{real ? <RealRows result={real} /> : <SampleRows rows={sample[category] ?? []} category={category} />}</tbody>
          </table>
        </ScrollRegion>
      </div>
      <p className="mt-6 text-center text-sm text-slate-300">
        <Trans>
          Rankings come from blind votes.{' '}
          <Link to={paths.arena} className="font-semibold text-neon-cyan underline underline-offset-4">
            Battle in the arena
          </Link>
        </Trans>
      </p>
      <Methodology minVotes={data?.minVotes ?? 200} rules={data?.rules} />
    </>
  );
}
