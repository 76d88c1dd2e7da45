import { formatInr, LEADERBOARD_CATEGORIES } from '@sangam/contracts';
import type { RateWithInterval, Tally } from '@/eval/eval-stats';
import type { EvalReport, SideCost } from '@/eval/run-eval';

export const VERDICT_RULE =
  'Each pair is judged blind (Answer 1 / Answer 2, no model names) in both orders; it is a win or a loss only when both orders agree, otherwise a tie.';
export const INTERVAL_NOTE = 'Rates with 95 % Wilson score intervals over the judged prompts (n).';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const rate = (r: RateWithInterval) => `${pct(r.rate)} [${pct(r.low)}–${pct(r.high)}]`.padEnd(16);
const grouped = (n: number) => n.toLocaleString('en-IN');
const inr = (c: number | null) => (c === null ? '–' : formatInr(c));

/** Categories in the leaderboard's order, then any other (tools, custom sets). */
const categoryOrder = (c: string) => {
  const i = (LEADERBOARD_CATEGORIES as readonly string[]).indexOf(c);
  return i === -1 ? LEADERBOARD_CATEGORIES.length : i;
};

function tallyRow(label: string, t: Tally) {
  if (t.n === 0) return `  ${label.padEnd(20)}   0  – (no judged pair)`;
  return `  ${label.padEnd(20)} ${String(t.n).padStart(3)}  ${rate(t.winRate)} ${rate(t.tieRate)} ${rate(t.lossRate)}`.trimEnd();
}

function costRow(label: string, c: SideCost, prompts: number) {
  const per = prompts > 0 ? Math.round(c.tokens / prompts) : 0;
  return `  ${label.padEnd(28)} ${String(prompts).padStart(7)}  ${grouped(c.tokens).padStart(9)}  ${grouped(per).padStart(10)}  ${inr(c.costInr)}`;
}

/** The report as printed by `npm run eval`: one table per proposer, then the cost of each side. */
export function formatReport(report: EvalReport): string {
  const lines: string[] = [];
  const proposers = report.proposers.map((p) => p.name).join(', ');
  lines.push(
    `Sangam fusion eval: ${report.prompts} prompts; proposers ${proposers}; aggregator ${report.aggregator?.name ?? '(none)'}; judge ${report.judge.name}`,
  );
  lines.push(VERDICT_RULE, INTERVAL_NOTE);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  for (const s of report.summaries) {
    lines.push(
      '',
      `Sangam (fused) vs ${s.name}`,
      `  ${'category'.padEnd(20)} ${'n'.padStart(3)}  ${'win'.padEnd(16)} ${'tie'.padEnd(16)} loss`,
    );
    const categories = Object.keys(s.byCategory).sort((a, b) => categoryOrder(a) - categoryOrder(b) || a.localeCompare(b));
    for (const c of categories) {
      const t = s.byCategory[c];
      if (t) lines.push(tallyRow(c, t));
    }
    lines.push(tallyRow('Overall', s.overall));
    lines.push(`  orders disagreed (counted as ties): ${s.ordersDisagreed}; prompts without a judged pair: ${s.skipped}`);
  }
  lines.push('', `Cost${' '.repeat(25)}prompts     tokens  per prompt  rupees`);
  lines.push(costRow('Sangam (fused, all calls)', report.fusedCost, report.fusedCost.prompts));
  for (const s of report.summaries) lines.push(costRow(`${s.name} alone`, s.cost, s.cost.prompts));
  lines.push(costRow('judge (the evaluation)', report.judgeCost, report.prompts));
  lines.push('  rupees: "–" when a model on that side has no price in the models file.');
  return `${lines.join('\n')}\n`;
}
