import { plural, t } from '@lingui/core/macro';
import type { AnswerCost, ChatMessage, EstimateResponse, FusionAnalysis } from '@sangam/contracts';
import type { AnswerCard } from '@/features/chat/lib/cards';
import { count, inr } from '@/features/chat/lib/locale-format';

/** How strongly the models agreed: strong from 75 % of the points, partial from 40 %, else little. */
export const AGREEMENT_STRONG = 0.75;
export const AGREEMENT_PARTIAL = 0.4;

export type AgreementLevel = 'strong' | 'partial' | 'weak' | 'none';

/**
 * The indicator of "How the models agreed": the share the server computed (consensus points over
 * consensus plus contradictions) and its words, e.g. "Strong agreement · 4 of 5 points agreed".
 */
export function agreementOf(analysis: Pick<FusionAnalysis, 'agreement' | 'consensus' | 'contradictions'>) {
  const agreed = analysis.consensus.length;
  const total = agreed + analysis.contradictions.length;
  const share = analysis.agreement;
  if (share === null || total === 0) return { level: 'none' as const, share: null, agreed, total, label: t`No shared points to compare` };
  const level: AgreementLevel = share >= AGREEMENT_STRONG ? 'strong' : share >= AGREEMENT_PARTIAL ? 'partial' : 'weak';
  const words = { strong: t`Strong agreement`, partial: t`Partial agreement`, weak: t`Little agreement` }[level];
  const agreedCount = count(agreed);
  const totalCount = count(total);
  const points = plural(total, {
    one: `${agreedCount} of ${totalCount} point agreed`,
    other: `${agreedCount} of ${totalCount} points agreed`,
  });
  return { level, share, agreed, total, label: `${words} · ${points}` };
}

/** The name on a chip: the card's title for its answer id, else the id itself. */
export function chipNames(cards: AnswerCard[]): Map<string, string> {
  return new Map(cards.filter((c) => !c.isBest).map((c) => [c.answerId ?? c.id, c.title]));
}

/** "3,120 tokens", grouped in lakhs and crores, in the plural form of the interface's language. */
export function tokenCount(tokens: number): string {
  const amount = count(tokens);
  return plural(tokens, { one: `${amount} token`, other: `${amount} tokens` });
}

/** "₹0.42 · 3,120 tokens"; only tokens when no call had a price. */
export function costLine({ costInr, tokens }: { costInr: number | null | undefined; tokens: number | null | undefined }): string | null {
  if (tokens === null || tokens === undefined) return costInr === null || costInr === undefined ? null : inr(costInr);
  const text = tokenCount(tokens);
  return costInr === null || costInr === undefined ? text : `${inr(costInr)} · ${text}`;
}

/** A chat's running total: the sum of its answers' costs (every branch: each one was paid for). */
export function chatTotal(messages: ChatMessage[]): Pick<AnswerCost, 'tokens' | 'costInr'> | null {
  const costs = messages.map((m) => m.cost).filter((c): c is AnswerCost => !!c);
  if (costs.length === 0) return null;
  const priced = costs.filter((c) => c.costInr !== null);
  return {
    tokens: costs.reduce((sum, c) => sum + c.tokens, 0),
    costInr: priced.length ? priced.reduce((sum, c) => sum + (c.costInr ?? 0), 0) : null,
  };
}

/** "5 models, about ₹0.84 of your plan" (or tokens when no model has a price). */
export function estimateText(e: EstimateResponse): string {
  const modelCount = e.models;
  const models = count(modelCount);
  const amount = e.costInr === null ? tokenCount(e.tokens) : inr(e.costInr);
  return plural(modelCount, {
    one: `${models} model, about ${amount} of your plan`,
    other: `${models} models, about ${amount} of your plan`,
  });
}

export type UsageLevel = 'ok' | 'warning' | 'exhausted';

/** The header warns from USAGE_WARNING_SHARE of the allowance and says so when it is used up. */
export function usageLevel(used: number, allowance: number, warnAt: number): UsageLevel {
  if (allowance <= 0 || used >= allowance) return 'exhausted';
  return used / allowance >= warnAt ? 'warning' : 'ok';
}

export type ModelPhase = 'thinking' | 'writing' | 'done' | 'failed' | 'stopped' | 'late';

/** The first words of a growing answer, for the live status line. */
export function firstWords(text: string, words = 8): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  if (all.length === 0) return '';
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

/**
 * One proposer's live status: thinking (no text yet), writing (with its first words), done, failed
 * (with the reason), stopped, or late: finished, or still writing, after the fusion began without it.
 */
export function phaseOf(card: AnswerCard, fusedAnswers: string[] | null): ModelPhase {
  if (card.status === 'error') return 'failed';
  if (card.status === 'stopped') return 'stopped';
  const id = card.answerId ?? card.id;
  if (card.isLate || (fusedAnswers && card.status !== 'done' && !fusedAnswers.includes(id))) return 'late';
  if (card.status === 'done') return 'done';
  return card.content.trim() ? 'writing' : 'thinking';
}
