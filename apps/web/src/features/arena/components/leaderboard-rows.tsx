import { plural, selectOrdinal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LeaderboardCategoryResult } from '@sangam/contracts';
import type { SampleEntry } from '@/features/arena/components/leaderboard-board';
import { categoryName } from '@/lib/i18n/category-names';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** A rank in the language's ordinal form per CLDR ("#1" in English; Hindi, Bengali and Odia have five forms). */
function Rank({ rank }: { rank: number }) {
  const { t } = useLingui();
  const { count } = useLocaleFormat();
  const n = count(rank);
  // English writes "#1"; the sign travels as a value because a literal "#" in a plural branch is the number.
  const sign = '#';
  return <td className="p-4 font-bold text-white">{t`${selectOrdinal(rank, { other: `${sign}${n}` })}`}</td>;
}

export function SampleRows({ rows, category }: { rows: SampleEntry[]; category: string }) {
  const { i18n, t } = useLingui();
  const categoryText = categoryName(i18n, category);
  return rows.map((e) => {
    const note = i18n._(e.note);
    return (
      <tr key={e.modelName} className="border-t border-white/5 text-slate-300">
        <Rank rank={e.rank} />
        <td className="p-4 font-medium text-white" translate="no">
          {e.modelName}
        </td>
        <td className="p-4">
          <span className="font-mono text-neon-cyan">{e.score}</span>
        </td>
        <td className="p-4">{t`${categoryText}: ${note}.`}</td>
      </tr>
    );
  });
}

export function RealRows({ result }: { result: LeaderboardCategoryResult }) {
  const { t } = useLingui();
  const { count } = useLocaleFormat();
  return result.rows.map((r) => {
    const voteCount = r.votes;
    const likeCount = r.likes;
    const unlikeCount = r.unlikes;
    const lower = count(r.lower);
    const upper = count(r.upper);
    const votes = count(r.votes);
    const likes = count(r.likes);
    const unlikes = count(r.unlikes);
    const votesText = t`${plural(voteCount, { one: `${votes} vote`, other: `${votes} votes` })}`;
    const likesText = t`${plural(likeCount, { one: `${likes} like`, other: `${likes} likes` })}`;
    const unlikesText = t`${plural(unlikeCount, { one: `${unlikes} unlike`, other: `${unlikes} unlikes` })}`;
    return (
      <tr key={r.modelId} className="border-t border-white/5 text-slate-300">
        <Rank rank={r.rank} />
        <td className="p-4 font-medium text-white" translate="no">
          {r.modelName}
        </td>
        <td className="p-4">
          <span className="font-mono text-neon-cyan">{r.score}</span>
          <span className="block text-xs text-slate-400">{t`95 % CI ${lower}–${upper}`}</span>
        </td>
        <td className="p-4">
          {votesText}
          {r.provider && (
            <>
              {' · '}
              <span translate="no">{r.provider}</span>
            </>
          )}
          {` · ${likesText} · ${unlikesText}`}
        </td>
      </tr>
    );
  });
}
