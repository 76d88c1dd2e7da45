import { type LocaleCode, localeSchema } from '@sangam/contracts';
import { useSearchParams } from 'react-router';

/** The search parameter that holds the leaderboard's language (`/leaderboard?language=ta`). */
export const LANGUAGE_PARAM = 'language';

/**
 * The leaderboard's language filter, kept in the address so a Tamil ranking can be shared. Undefined
 * means every language; an unknown value counts as every language.
 */
export function useLeaderboardLanguage(): [LocaleCode | undefined, (language: LocaleCode | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = localeSchema.safeParse(params.get(LANGUAGE_PARAM));
  const setLanguage = (language: LocaleCode | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (language) next.set(LANGUAGE_PARAM, language);
        else next.delete(LANGUAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [parsed.success ? parsed.data : undefined, setLanguage];
}
