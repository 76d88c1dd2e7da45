import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BattleArena } from '@/features/arena/components/battle-arena';

export function ArenaRoute() {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold text-white">
          <Trans>Arena</Trans>
        </h1>
        <p className="mt-2 text-slate-300">
          <Trans>
            Two anonymous models answer your prompt. Vote for the better answer; the names are revealed after your vote, and the votes make
            the{' '}
            <Link to={paths.leaderboard} className="text-neon-cyan underline underline-offset-4">
              leaderboard
            </Link>
            .
          </Trans>
        </p>
      </header>
      <BattleArena />
    </main>
  );
}
