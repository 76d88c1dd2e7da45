/** Distinct, trimmed, non-empty refined prompts in rank order, top 4 (docs/spec-rules.md §5). */
export function orderRefined(refined: string[], ranking: number[]): string[] {
  const order = ranking.length === refined.length ? ranking.map((r) => refined[r - 1] ?? '') : refined;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of order.map((x) => x.trim())) {
    if (!p || seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    out.push(p);
    if (out.length === 4) break;
  }
  return out;
}

export const NEON_CYCLE = ['green', 'purple', 'pink', 'blue'] as const;
export type Neon = 'cyan' | (typeof NEON_CYCLE)[number] | 'red';
export const neonFor = (index: number): Neon => NEON_CYCLE[index % NEON_CYCLE.length] ?? 'green';
