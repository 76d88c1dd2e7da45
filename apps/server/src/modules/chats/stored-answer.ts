import type { AgentStreamEvent, AnswerCost, AnswerResponse, FusionAnalysis, ModelAnswer, SupportingAnswer } from '@sangam/contracts';
import { AppError } from '@/errors';
import { type MessageRow, panelOf } from '@/modules/chats/message-tree';

/** The events that replay a stored answer: its ids, each model's outcome, then `final` (or `error`). */
export function storedAnswerEvents(row: MessageRow): AgentStreamEvent[] {
  const answers = (Array.isArray(row.answers) ? row.answers : []) as ModelAnswer[];
  const events: AgentStreamEvent[] = [
    { event: 'message-ids', data: { chatId: row.conversationId, userMessageId: row.parentId ?? '', assistantMessageId: row.id } },
  ];
  const panel = panelOf(row);
  if (panel) events.push({ event: 'panel', data: panel });
  for (const a of answers) {
    const model = {
      model: a.modelId,
      name: a.name,
      ...(a.answerId ? { answerId: a.answerId } : {}),
      ...(a.sample ? { sample: a.sample } : {}),
    };
    events.push({ event: 'model-start', data: model });
    if (a.status === 'done')
      events.push({
        event: 'model-end',
        data: {
          ...model,
          text: a.text,
          tokens: a.tokens ?? undefined,
          durationMs: a.durationMs ?? undefined,
          ...(a.late ? { late: true } : {}),
          ...(a.costInr !== undefined ? { costInr: a.costInr } : {}),
        },
      });
    else if (a.error)
      events.push({
        event: 'model-error',
        data: { ...model, code: a.error.code as never, detail: a.error.detail, ...(a.text ? { text: a.text } : {}) },
      });
  }
  if (row.analysis && row.status !== 'failed') events.push({ event: 'fusion-analysis', data: row.analysis as FusionAnalysis });
  if (row.status === 'failed')
    events.push({ event: 'error', data: { code: 'ALL_MODELS_FAILED', detail: new AppError('ALL_MODELS_FAILED').detail } });
  else if (row.status === 'streaming')
    events.push({ event: 'error', data: { code: 'ANSWER_NOT_RUNNING', detail: new AppError('ANSWER_NOT_RUNNING').detail } });
  else events.push({ event: 'final', data: storedResponse(row, answers) });
  return events;
}

function storedResponse(row: MessageRow, answers: ModelAnswer[]): AnswerResponse {
  const panel = panelOf(row);
  const supporting: Record<string, SupportingAnswer> = {};
  for (const a of answers)
    supporting[a.sample ? `${a.name} #${a.sample}` : a.name] =
      a.status === 'done'
        ? a.text
        : { error: a.error?.detail, status: a.status === 'timeout' ? 'timeout' : 'failed', ...(a.text ? { text: a.text } : {}) };
  return {
    data: {
      best_output: row.content,
      supporting_output: supporting,
      ...(row.facts != null ? { facts: row.facts } : {}),
      ...(panel ? { panel } : {}),
      ...(row.analysis ? { analysis: row.analysis as FusionAnalysis } : {}),
      ...(row.cost ? { cost: row.cost as AnswerCost } : {}),
    },
    message: row.status === 'stopped' ? 'Answer stopped' : 'Stored answer',
    ids: { chatId: row.conversationId, userMessageId: row.parentId ?? '', assistantMessageId: row.id },
  };
}
