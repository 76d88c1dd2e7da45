import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ArenaRules } from '@sangam/contracts';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

const DEFAULT_RULES: ArenaRules = {
  battleTtlSeconds: 3600,
  dailyVotes: 100,
  burstVotes: 10,
  burstWindowSeconds: 120,
  bootstrapRounds: 200,
};

/** How the real rankings are made: the model, the intervals, the limits and the abuse rules. */
export function Methodology({ minVotes, rules = DEFAULT_RULES }: { minVotes: number; rules?: ArenaRules }) {
  const { t } = useLingui();
  const { count } = useLocaleFormat();
  /** A duration in whole hours, minutes or seconds ("1 h", "2 min", "45 s"). */
  const duration = (seconds: number) => {
    if (seconds % 3600 === 0) {
      const hours = seconds / 3600;
      const n = count(hours);
      return t`${plural(hours, { one: `${n} h`, other: `${n} h` })}`;
    }
    if (seconds % 60 === 0) {
      const minutes = seconds / 60;
      const n = count(minutes);
      return t`${plural(minutes, { one: `${n} min`, other: `${n} min` })}`;
    }
    const n = count(seconds);
    return t`${plural(seconds, { one: `${n} s`, other: `${n} s` })}`;
  };
  const rounds = count(rules.bootstrapRounds);
  const min = count(minVotes);
  const minVotesText = t`${plural(minVotes, { one: `${min} vote`, other: `${min} votes` })}`;
  const ttl = duration(rules.battleTtlSeconds);
  const dailyVotes = rules.dailyVotes;
  const daily = count(dailyVotes);
  const dailyText = t`${plural(dailyVotes, { one: `${daily} vote a day`, other: `${daily} votes a day` })}`;
  const burstVotes = rules.burstVotes;
  const burst = count(burstVotes);
  const burstText = t`${plural(burstVotes, { one: `${burst} vote`, other: `${burst} votes` })}`;
  const burstWindow = duration(rules.burstWindowSeconds);
  return (
    <section aria-labelledby="methodology-heading" className="card mt-10 space-y-3 text-sm leading-relaxed break-words text-slate-300">
      <h2 id="methodology-heading" className="text-2xl font-semibold text-white">
        <Trans>Methodology</Trans>
      </h2>
      <p>
        <Trans>
          <strong className="text-white">Blind battles.</strong> In the arena you write a prompt; the server draws two models (the pairs
          shown least so far first, at random among equals, so every model gets comparable exposure) and shows their answers as Model A and
          Model B. You vote A is better, B is better, Tie or Both are bad; only then are the names revealed, and the vote is locked.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong className="text-white">The model.</strong> Scores come from a maximum-likelihood Bradley–Terry model with ties (Davidson’s
          model): a tie and “both are bad” both count as a tie. Scores are on Arena’s scale: the average model is 1000, and a lead of 400
          points means ten-to-one odds of winning.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong className="text-white">Confidence.</strong> Each score has a 95 % confidence interval from {rounds} bootstrap resamples of
          the votes. Models whose intervals overlap may not really differ, so they share a rank: a model's rank is 1 plus the number of
          models whose whole interval lies above its own.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong className="text-white">Categories and limits.</strong> Each prompt is put in one category by a short classification call
          (with a keyword classifier when that call fails); the language is read from the prompt’s script. Overall counts every vote. A
          category shows real rankings from {minVotesText}; below that it shows labelled sample data. Rankings are recomputed shortly after
          votes and every few minutes. Likes and unlikes on universe answers are shown beside each model but never enter the scores.
        </Trans>
      </p>
      <p>
        <Trans>
          <strong className="text-white">Abuse rules.</strong> Battle ids are signed by the server; you can vote only on a battle you were
          given, once, within {ttl}. Each account has {dailyText}. More than {burstText} within {burstWindow} from one account or one
          address are kept but left out of the rankings, and so is a battle in which an answer named its own model ("I am ...", "made by
          ..."), because it was not blind.
        </Trans>
      </p>
    </section>
  );
}
