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
type Mention = { start: number; end: number; row: Expected };

const CLAUSE_END = /[;\n:]|[,.](?=\s)/g;
const SENTENCE_END = /[\n!?]|\.(?=\s)/g;
// "150 cal for the dal", "150 kcal from your two rotis": the figure belongs to the dish right after it.
const LINK_AFTER = /^\s*(?:for|from|of)\s+(?:(?:the|your|a|an|one|two|three|four|\d+)\s+){0,2}$/;

/** The span around [start, end) between the previous and the next match of `ends` (not a thousands comma). */
function spanAt(text: string, ends: RegExp, start: number, end: number): [number, number] {
  let from = 0;
  let to = text.length;
  for (const m of text.matchAll(ends)) {
    const i = m.index ?? 0;
    if (i < start) from = i + 1;
    else if (i >= end) {
      to = i;
      break;
    }
  }
  return [from, to];
}

/** Every place a table row's dish is named, longest name first where two overlap ("bajra roti" over "roti"). */
function mentionsOf(text: string, rows: Expected[]): Mention[] {
  const lower = text.toLowerCase();
  const found: Mention[] = [];
  for (const row of rows) {
    const aliases = [row.row.toLowerCase(), ...(DISHES.find((d) => d.name === row.row)?.aliases ?? [])];
    for (const alias of aliases) {
      const re = new RegExp(`\\b${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
      for (const m of lower.matchAll(re)) found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, row });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found.filter((m, i) => !found.slice(0, i).some((k) => k.start <= m.start && m.end <= k.end));
}

/**
 * The dish a figure at [start, end) speaks of: one named right after it through "for", "from" or "of";
 * else the nearest named before it in its clause; else the first named after it in its clause; else the
 * nearest named before it in its sentence. Also the dishes named since the previous figure of the
 * sentence, which a figure may give together ("roti and dal come to 305 kcal").
 */
function dishOf(text: string, mentions: Mention[], figureStarts: number[], start: number, end: number) {
  const [clauseFrom, clauseTo] = spanAt(text, CLAUSE_END, start, end);
  const [sentenceFrom] = spanAt(text, SENTENCE_END, start, end);
  const before = mentions.filter((m) => m.end <= start && m.start >= sentenceFrom);
  const afterInClause = mentions.filter((m) => m.start >= end && m.end <= clauseTo);
  const linked = afterInClause.find((m) => LINK_AFTER.test(text.slice(end, m.start).toLowerCase()));
  const own = linked ?? before.filter((m) => m.start >= clauseFrom).at(-1) ?? afterInClause[0] ?? before.at(-1);
  const previousFigure = Math.max(sentenceFrom, ...figureStarts.filter((s) => s < start));
  const together = [...new Set(before.filter((m) => m.start >= previousFigure).map((m) => m.row))];
  return { own: own?.row, together };
}

/**
 * Checks the energy figures written in the models' answer against the computed table, like the
 * scripture citation check: a figure is compared with the row of the dish it speaks of (see dishOf),
 * a figure beside "total" with the total, a figure with no dish near it with every figure of the table. A figure that agrees with
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
  const mentions = mentionsOf(answer, items);
  const figureStarts = [...answer.matchAll(FIGURE)].map((m) => m.index ?? 0);

  const figures: CheckedFigure[] = [];
  const out = answer.replace(FIGURE, (match: string, a: string, b: string | undefined, _unit: string, offset: number) => {
    const written: [number, number] = [toNumber(a), toNumber(b ?? a)];
    if (!Number.isFinite(written[0]) || written[1] === 0) return match;
    const [clauseFrom, clauseTo] = spanAt(answer, CLAUSE_END, offset, offset + match.length);
    const clause = answer.slice(clauseFrom, clauseTo).toLowerCase();
    const { own, together } = dishOf(answer, mentions, figureStarts, offset, offset + match.length);
    const isTotal = TOTAL_WORDS.test(clause);
    const per100g = PER_100G.test(clause)
      ? (own ? [own] : items).map((e) => {
          const grams = facts.items.find((i) => i.name === e.row)?.grams ?? 100;
          const kcal = Math.round((e.kcal / grams) * 100);
          return { row: `${e.row} per 100 g`, kcal, range: [kcal, kcal] as [number, number] };
        })
      : [];
    const sum = (rows: Expected[]): Expected[] => {
      if (rows.length < 2) return [];
      const range: [number, number] = [rows.reduce((n, r) => n + r.range[0], 0), rows.reduce((n, r) => n + r.range[1], 0)];
      return [{ row: rows.map((r) => r.row).join(' + '), kcal: rows.reduce((n, r) => n + r.kcal, 0), range }];
    };
    const ownRows = own ? [own, ...sum(together)] : [];
    const pool = [...(isTotal ? [total, ...whole, ...ownRows] : own ? ownRows : everything), ...per100g];
    const hit = pool.find((e) => agrees(written, e.range));
    const nearest = hit ?? (isTotal || !own ? total : own);
    figures.push({ text: match, kcal: written[0], isConsistent: Boolean(hit), expectedKcal: nearest.kcal, row: nearest.row });
    if (hit) return match;
    return `${match} [does not match the computed table: ${nearest.row === 'Total' ? 'total ' : `${nearest.row} `}${nearest.kcal} kcal]`;
  });
  return { answer: out, figures };
}
