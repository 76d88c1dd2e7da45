import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, localeSchema } from '@sangam/contracts';
import { useId } from 'react';
import { useLeaderboardLanguage } from '@/features/arena/hooks/use-leaderboard-language';

/** The value of the "every language" choice (not a language code). */
const ALL = 'all';

/**
 * The leaderboard's language filter: the rankings of the votes on questions written in one language,
 * or of every vote. Each language is listed in its own script (marked with its `lang`).
 */
export function LeaderboardLanguageFilter() {
  const { t } = useLingui();
  const id = useId();
  const [language, setLanguage] = useLeaderboardLanguage();
  return (
    <div className="mt-8 flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        <Trans>Language of the questions</Trans>
      </label>
      <select
        id={id}
        value={language ?? ALL}
        onChange={(e) => {
          const parsed = localeSchema.safeParse(e.target.value);
          setLanguage(parsed.success ? parsed.data : undefined);
        }}
        className="max-w-full rounded-lg border border-white/10 bg-slate-900/60 px-3 py-2 text-sm text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
      >
        <option value={ALL}>{t`All languages`}</option>
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
