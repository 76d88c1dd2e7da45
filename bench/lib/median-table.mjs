// The table the gateway benches print: one column per gateway, one line per figure, each cell the
// median of that figure over the interleaved rounds (blank where a gateway has no such figure).
import { percentile } from './server.mjs';

/**
 * `figures`: gateway name -> one object of figures per round; `lines`: [label, key, digits];
 * `extra`: more lines, already one cell per name. Returns the markdown text and the medians.
 */
export function medianTable({ rounds, names, figures, lines, extra = [] }) {
  const medians = Object.fromEntries(
    names.map((name) => {
      const of = (key) => {
        const xs = (figures.get(name) ?? []).map((f) => f[key]).filter((x) => x !== undefined);
        return xs.length ? percentile(xs, 50) : undefined;
      };
      return [name, Object.fromEntries(lines.map(([, key]) => [key, of(key)]))];
    }),
  );
  const cell = (v, digits) => (v === undefined ? '' : v.toFixed(digits));
  const text = [
    `| figure (median of ${rounds} interleaved rounds) | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    ...lines.map(([label, key, digits]) => `| ${label} | ${names.map((n) => cell(medians[n][key], digits)).join(' | ')} |`),
    ...extra.map(([label, cells]) => `| ${label} | ${cells.join(' | ')} |`),
  ].join('\n');
  return { text, medians };
}
