import { Trans } from '@lingui/react/macro';
import { LeaderboardBoard } from '@/features/arena/components/leaderboard-board';
import { LeaderboardLanguageFilter } from '@/features/arena/components/leaderboard-language-filter';
import { LEADERBOARD } from '@/features/marketing/data/leaderboard';

export function LeaderboardRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <header className="text-center">
        <h1 className="text-4xl font-bold break-words text-white sm:text-5xl">
          <Trans>AI Model Leaderboard</Trans>
        </h1>
        <p className="mt-4 text-slate-300">
          <Trans>How leading models compare by kind of task, from blind votes in the arena.</Trans>
        </p>
      </header>
      <LeaderboardLanguageFilter />
      <LeaderboardBoard sample={LEADERBOARD} />
    </div>
  );
}
