import type { ArenaRules } from '@sangam/contracts';

const DEFAULT_RULES: ArenaRules = {
  battleTtlSeconds: 3600,
  dailyVotes: 100,
  burstVotes: 10,
  burstWindowSeconds: 120,
  bootstrapRounds: 200,
};
const duration = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);

/** How the real rankings are made: the model, the intervals, the limits and the abuse rules. */
export function Methodology({ minVotes, rules = DEFAULT_RULES }: { minVotes: number; rules?: ArenaRules }) {
  return (
    <section aria-labelledby="methodology-heading" className="card mt-10 space-y-3 text-sm leading-relaxed text-slate-300">
      <h2 id="methodology-heading" className="text-2xl font-semibold text-white">
        Methodology
      </h2>
      <p>
        <strong className="text-white">Blind battles.</strong> In the arena you write a prompt; the server draws two models (the pairs shown
        least so far first, at random among equals, so every model gets comparable exposure) and shows their answers as Model A and Model B.
        You vote A is better, B is better, Tie or Both are bad; only then are the names revealed, and the vote is locked.
      </p>
      <p>
        <strong className="text-white">The model.</strong> Scores come from a maximum-likelihood Bradley–Terry model with ties (Davidson’s
        model): a tie and “both are bad” both count as a tie. Scores are on Arena’s scale: the average model is 1000, and a lead of 400
        points means ten-to-one odds of winning.
      </p>
      <p>
        <strong className="text-white">Confidence.</strong> Each score has a 95 % confidence interval from {rules.bootstrapRounds} bootstrap
        resamples of the votes. Models whose intervals overlap may not really differ, so they share a rank: a model's rank is 1 plus the
        number of models whose whole interval lies above its own.
      </p>
      <p>
        <strong className="text-white">Categories and limits.</strong> Each prompt is put in one category by a short classification call
        (with a keyword classifier when that call fails); the language is read from the prompt’s script. Overall counts every vote. A
        category shows real rankings from {minVotes} votes; below that it shows labelled sample data. Rankings are recomputed shortly after
        votes and every few minutes. Likes and unlikes on universe answers are shown beside each model but never enter the scores.
      </p>
      <p>
        <strong className="text-white">Abuse rules.</strong> Battle ids are signed by the server; you can vote only on a battle you were
        given, once, within {duration(rules.battleTtlSeconds)}. Each account has {rules.dailyVotes} votes a day. More than{' '}
        {rules.burstVotes} votes within {duration(rules.burstWindowSeconds)} from one account or one address are kept but left out of the
        rankings, and so is a battle in which an answer named its own model ("I am ...", "made by ..."), because it was not blind.
      </p>
    </section>
  );
}
