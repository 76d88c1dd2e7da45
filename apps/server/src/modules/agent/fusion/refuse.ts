import { randomUUID } from 'node:crypto';
import type { CallCost, ModelAnswer } from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import type { messages } from '@/db/schema';
import { AppError } from '@/errors';
import { estimateRefuseTokens } from '@/modules/agent/answer-estimate';
import { answerLanguageOf } from '@/modules/agent/answer-language';
import { REQUEST_CAP_MS } from '@/modules/agent/answer-pipeline';
import { answerCost } from '@/modules/agent/fusion/costs';
import { fuseAnswers } from '@/modules/agent/fusion/fuse';
import { finishAssistantMessage } from '@/modules/chats/message-tree';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { findTool } from '@/modules/tools/tool-registry';
import type { UsageMeter } from '@/modules/usage/usage-meter';

type Row = typeof messages.$inferSelect;

/**
 * Fuses a stored answer again over every finished answer of its models, the late ones included:
 * the judge's analysis and the aggregator's answer replace the stored ones, every answer read is
 * marked as in the fusion, and the calls are added to the answer's cost. The tokens are reserved
 * before and settled after, like an answer's. The caller has checked the owner and that no run of
 * this message is in progress.
 */
export async function refuseAnswer(
  { db, registry, meter }: { db: Db; registry: ModelRegistry; meter: UsageMeter },
  { row, userId, log }: { row: Row; userId: string; log: FastifyBaseLogger },
) {
  const answers = (Array.isArray(row.answers) ? row.answers : []) as ModelAnswer[];
  const done = answers.filter((a) => a.status === 'done' && a.text.trim());
  if (done.length < 2) throw new AppError('FUSION_NEEDS_ANSWERS');
  registry.assertAvailable();
  const question = row.refinedPrompt ?? '';
  const idOf = (a: ModelAnswer) => a.answerId ?? a.modelId;
  const tokens = estimateRefuseTokens({ chars: question.length + done.reduce((n, a) => n + a.text.length, 0) });
  const fused = await meter.withReservation({ userId, requestId: `fuse_${randomUUID()}`, tokens, log }, async (charge) => {
    const result = await fuseAnswers({
      registry,
      question,
      answers: done.map((a) => ({ answerId: idOf(a), text: a.text })),
      signal: AbortSignal.timeout(REQUEST_CAP_MS),
      log,
      stoppedOnPurpose: () => false,
      usdInrRate: registry.fusion.usdInrRate,
      language: await answerLanguageOf(db, { userId, question }),
    });
    // What the calls used is charged, whether or not they gave an answer.
    charge(result.byModel);
    return result;
  });
  if (fused.status !== 'fused') throw new AppError('FUSION_FAILED');

  let content = fused.text;
  let facts: unknown = row.facts ?? undefined;
  const tool = findTool(question);
  if (tool?.finalize) {
    const checked = await tool.finalize({ answer: content, facts });
    content = checked.answer;
    facts = checked.facts;
  }
  const read = new Set(done.map(idOf));
  const updated = answers.map((a): ModelAnswer => {
    if (!read.has(idOf(a))) return { ...a, isInFusion: false };
    const { late: _late, ...rest } = a;
    return { ...rest, isInFusion: true };
  });
  const before = (row.cost as { calls?: CallCost[] } | null)?.calls ?? [];
  await finishAssistantMessage(db, {
    chatId: row.conversationId,
    id: row.id,
    content,
    status: 'done',
    answers: updated,
    facts,
    analysis: fused.analysis,
    cost: answerCost([...before, ...fused.calls]),
  });
}
