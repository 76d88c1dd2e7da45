import { BRAND, FUSION_LIMITS, type FusionAnalysis, type FusionJudgement, type FusionPoint } from '@sangam/contracts';
import { z } from 'zod';

/** One answer as the judge and the aggregator read it: its answer id (model id, or `id#k` for a sample) and text. */
export type FusedAnswer = { answerId: string; text: string };

export const JUDGE_SYSTEM = `You are ${BRAND.name}'s fusion judge. You receive a user's question and several candidate answers, each labelled with its answer id in square brackets. Compare the candidate answers and report, using only those answer ids: the points several answers make (consensus), each subject on which they contradict each other (every side with the answers that hold it), the points only one answer makes (unique), and the open questions none of them answers. Judge the content, not the style. Be brief: one sentence per point. Do not answer the question yourself. Reply only with the JSON object requested.`;

/** The judge's user message: the question and the answers labelled by answer id. */
export function judgePrompt(question: string, answers: FusedAnswer[]) {
  const labelled = answers.map((a) => `### Answer [${a.answerId}]\n${a.text.trim()}`).join('\n\n');
  return `Question:\n${question}\n\nCompare the candidate answers below (answer ids in square brackets).\n\n${labelled}\n\nReturn consensus, contradictions, unique points and open questions as JSON.`;
}

/**
 * What the judge call is parsed with: the shape of fusionJudgeSchema without its length limits, so an
 * over-long point is cut (by `sanitiseJudgement`) instead of losing the whole analysis.
 */
const loosePoint = z.object({ text: z.string(), models: z.array(z.string()).default([]) });
export const judgeCallSchema = z.object({
  consensus: z.array(loosePoint).default([]),
  contradictions: z
    .array(z.object({ topic: z.string(), sides: z.array(z.object({ claim: z.string(), models: z.array(z.string()).default([]) })) }))
    .default([]),
  unique: z.array(loosePoint).default([]),
  openQuestions: z.array(z.string()).default([]),
});
export type LooseJudgement = z.infer<typeof judgeCallSchema>;

const clamp = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > FUSION_LIMITS.textMaxChars ? `${t.slice(0, FUSION_LIMITS.textMaxChars - 1).trimEnd()}…` : t;
};

/**
 * The judgement as stored: answer ids the fusion did not read are dropped (each kept once), texts
 * are trimmed and cut to the limit, points left without text or models are dropped, a contradiction
 * needs two sides with models, and every list is cut to FUSION_LIMITS.
 */
export function sanitiseJudgement(raw: LooseJudgement, fused: string[]): FusionJudgement {
  const known = new Set(fused);
  const ids = (models: string[]) => [...new Set(models.map((m) => m.trim().replace(/^\[|\]$/g, '')).filter((m) => known.has(m)))];
  const points = (list: LooseJudgement['consensus'], minModels: number): FusionPoint[] =>
    list
      .map((p) => ({ text: clamp(p.text), models: ids(p.models) }))
      .filter((p) => p.text && p.models.length >= minModels)
      .slice(0, FUSION_LIMITS.points);
  return {
    consensus: points(raw.consensus, 1),
    contradictions: raw.contradictions
      .map((c) => ({
        topic: clamp(c.topic),
        sides: c.sides
          .map((s) => ({ claim: clamp(s.claim), models: ids(s.models) }))
          .filter((s) => s.claim && s.models.length > 0)
          .slice(0, FUSION_LIMITS.sides),
      }))
      .filter((c) => c.topic && c.sides.length >= 2)
      .slice(0, FUSION_LIMITS.points),
    unique: points(raw.unique, 1),
    openQuestions: raw.openQuestions.map(clamp).filter(Boolean).slice(0, FUSION_LIMITS.points),
  };
}

/** Agreement, computed here and never taken from the model: consensus / (consensus + contradictions); null without either. */
export function agreementOf(j: Pick<FusionJudgement, 'consensus' | 'contradictions'>): number | null {
  const total = j.consensus.length + j.contradictions.length;
  return total ? Math.round((j.consensus.length / total) * 1000) / 1000 : null;
}

export function toAnalysis(raw: LooseJudgement, fused: string[], judge: { id: string; name: string }): FusionAnalysis {
  const judgement = sanitiseJudgement(raw, fused);
  return { ...judgement, fusedAnswers: fused, agreement: agreementOf(judgement), judge: { modelId: judge.id, name: judge.name } };
}

/** The analysis as the aggregator reads it (answer ids only: the aggregator names no model). */
export function analysisForAggregator(a: FusionAnalysis): string {
  const who = (models: string[]) => models.map((m) => `[${m}]`).join(' ');
  const lines: string[] = [];
  lines.push('Points the answers agree on:');
  lines.push(...(a.consensus.length ? a.consensus.map((p) => `- ${p.text} (${who(p.models)})`) : ['- none']));
  lines.push('Contradictions (the answers disagree; state each plainly, do not present either side as agreed):');
  lines.push(
    ...(a.contradictions.length
      ? a.contradictions.map((c) => `- ${c.topic}: ${c.sides.map((s) => `${who(s.models)} says ${s.claim}`).join('; versus ')}`)
      : ['- none']),
  );
  lines.push('Points made by one answer only:');
  lines.push(...(a.unique.length ? a.unique.map((p) => `- ${p.text} (${who(p.models)})`) : ['- none']));
  lines.push('Open questions no answer covers:');
  lines.push(...(a.openQuestions.length ? a.openQuestions.map((q) => `- ${q}`) : ['- none']));
  return lines.join('\n');
}
