import type { CheckedFigure, SourcedNutritionFacts } from '@sangam/contracts';
import { DISHES } from '@/modules/tools/nutrition/dishes-data';

/** A written figure agrees with the table when it is within 10 % (or 5 kcal) of the table's figure. */
export const FIGURE_TOLERANCE = 0.1;
const ABSOLUTE_TOLERANCE_KCAL = 5;

// "412 cal", "412 kcal", "1,050 calories", "150-200 kcal", "150 to 200 cal".
const FIGURE = /(\d[\d,]*(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d[\d,]*(?:\.\d+)?))?\s?(kcal|kilocalories|calories|cal)\b/gi;
const PER_100G = /\bper\s*100\s*g|\/\s*100\s*g|\b100\s*g\b/i;
const TOTAL_WORDS = /\b(total|in all|altogether|overall|whole meal|entire meal|the meal|per serving|each serving|a serving)\b/i;

const toNumber = (s: string) => Number(s.replace(/,/g, ''));
const agrees = (written: [number, number], expected: [number, number]) => {
  const slack = (x: number) => Math.max(x * FIGURE_TOLERANCE, ABSOLUTE_TOLERANCE_KCAL);
  return written[0] <= expected[1] + slack(expected[1]) && written[1] >= expected[0] - slack(expected[0]);
};

type Expected = { row: string; kcal: number; range: [number, number] };

const CLAUSE_END = /[;\n:]|[,.](?=\s)/g;

/** The clause around a figure: from the previous , ; : . or line break (not a thousands comma) to the next. */
function clauseAt(text: string, start: number, end: number): string {
  let from = 0;
  let to = text.length;
  for (const m of text.matchAll(CLAUSE_END)) {
    const i = m.index ?? 0;
    if (i < start) from = i + 1;
    else if (i >= end) {
      to = i;
      break;
    }
  }
  return text.slice(from, to).toLowerCase();
}

/**
 * Checks the energy figures written in the models' answer against the computed table, like the
 * scripture citation check: a figure that names a dish is compared with that dish's row, a figure
 * beside "total" with the total, any other with every figure of the table. A figure that agrees with
 * none is marked in the text, "[does not match the computed table: N kcal]", and reported.
 */
export function checkFigures(answer: string, facts: SourcedNutritionFacts): { answer: string; figures: CheckedFigure[] } {
  if (facts.items.length === 0) return { answer, figures: [] };
  const items: Expected[] = facts.items.map((i) => ({ row: i.name, kcal: i.kcal, range: i.kcalRange ?? [i.kcal, i.kcal] }));
  const total: Expected = { row: 'Total', kcal: facts.total.kcal, range: facts.totalKcalRange ?? [facts.total.kcal, facts.total.kcal] };
  // A recipe's table is per serving; its items are the whole recipe, so the whole recipe's sum also counts.
  const wholeKcal = facts.items.reduce((n, i) => n + i.kcal, 0);
  const whole: Expected[] = facts.servings ? [{ row: 'Whole recipe', kcal: wholeKcal, range: [wholeKcal, wholeKcal] }] : [];
  const everything = [...items, total, ...whole];
  const aliasesOf = (name: string) => [name.toLowerCase(), ...(DISHES.find((d) => d.name === name)?.aliases ?? [])];

  const figures: CheckedFigure[] = [];
  const out = answer.replace(FIGURE, (match: string, a: string, b: string | undefined, _unit: string, offset: number) => {
    const written: [number, number] = [toNumber(a), toNumber(b ?? a)];
    if (!Number.isFinite(written[0]) || written[1] === 0) return match;
    const clause = clauseAt(answer, offset, offset + match.length);
    const named = items.filter((e) =>
      aliasesOf(e.row).some((alias) => new RegExp(`\\b${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(clause)),
    );
    const isTotal = TOTAL_WORDS.test(clause);
    const per100g = PER_100G.test(clause)
      ? (named.length > 0 ? named : items).map((e) => {
          const grams = facts.items.find((i) => i.name === e.row)?.grams ?? 100;
          const kcal = Math.round((e.kcal / grams) * 100);
          return { row: `${e.row} per 100 g`, kcal, range: [kcal, kcal] as [number, number] };
        })
      : [];
    const pool = [...(isTotal ? [total, ...whole] : named.length > 0 ? named : everything), ...per100g];
    const hit = pool.find((e) => agrees(written, e.range));
    const nearest = hit ?? (isTotal || named.length === 0 ? total : named[0]);
    figures.push({ text: match, kcal: written[0], isConsistent: Boolean(hit), expectedKcal: nearest?.kcal, row: nearest?.row });
    if (hit || !nearest) return match;
    return `${match} [does not match the computed table: ${nearest.row === 'Total' ? 'total ' : `${nearest.row} `}${nearest.kcal} kcal]`;
  });
  return { answer: out, figures };
}
