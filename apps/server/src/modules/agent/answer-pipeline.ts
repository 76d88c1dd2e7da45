import {
  type AgentStreamEvent,
  type AnswerLanguage,
  answerLanguageFor,
  type MessageIdsEvent,
  type PanelChoice,
  type QuestionLanguage,
} from '@sangam/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { AppError } from '@/errors';
import type { ModelClient } from '@/lib/llm/model-client';
import { GENERAL_SYSTEM } from '@/modules/agent/agent-prompts';
import type { HistoryTurn, ParsedAgentRequest } from '@/modules/agent/agent-request';
import { AllModelsFailed, generateAnswer, proposalsOf } from '@/modules/agent/answer.service';
import { estimateAnswerTokens } from '@/modules/agent/answer-estimate';
import { AnswerRun, type AnswerRuns } from '@/modules/agent/answer-runs';
import { sanitizeImage } from '@/modules/agent/image-check';
import type { ChatWriter, FinishedAnswer } from '@/modules/chats/chat-writer';
import { continuedModels, conversationFor } from '@/modules/chats/conversation';
import { findByRequest, type StoredImage } from '@/modules/chats/message-tree';
import { storedAnswerEvents } from '@/modules/chats/stored-answer';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { findTool } from '@/modules/tools/tool-registry';
import type { Reservation } from '@/modules/usage/usage.service';
import type { UsageMeter } from '@/modules/usage/usage-meter';
import type { PendingSessionCheck } from '@/plugins/auth-guard';

/** Any answer is capped at 300 s. */
export const REQUEST_CAP_MS = 300_000;

/** Sangam mode's panel when it follows the arena's votes (issue 16): the proposers and why, or null. */
export type PanelFor = (args: { prompt: string; available: ModelClient[]; log: FastifyBaseLogger }) => Promise<PanelPick | null>;
type PanelPick = { models: ModelClient[]; reason: string; category?: string; asOf?: string | null };

/** The proposer calls of an answer: each model's samples counted. */
export const proposerCalls = (models: ModelClient[]) => proposalsOf(models).length;

export type PipelineDeps = { db: Db; chats: ChatWriter; registry: ModelRegistry; meter: UsageMeter; runs: AnswerRuns; panelFor?: PanelFor };

/** What `startAnswer` gives the route: a run to follow, or a stored answer to replay (a retried Request_Id). */
export type StartedAnswer = { run: AnswerRun; replay?: undefined } | { run?: undefined; replay: AgentStreamEvent[] };

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/**
 * The one answer pipeline (issue 13): authorise -> check quota and model availability -> prepare the
 * tool -> (store the question) -> run the proposers -> fuse -> finalise the tool -> record usage ->
 * store the answer, pushing typed events to an AnswerRun. Everything up to the run's start throws (the
 * route answers with the error's status); from then on the run ends with `final` or `error`. A run in a
 * chat belongs to no client: only Stop (or the 300 s cap, or shutdown) ends it early, keeping its text.
 */
export async function startAnswer(
  deps: PipelineDeps,
  {
    userId,
    input,
    log,
    streaming,
    answerIn,
    session,
  }: {
    userId: string;
    input: ParsedAgentRequest;
    log: FastifyBaseLogger;
    /** The caller asked for Server-Sent Events (models are streamed); a chat's answer always streams. */
    streaming: boolean;
    /** "Answer in": every model call is told the answer's language (none: no instruction). */
    answerIn?: AnswerLanguage;
    /**
     * The session, when its revocation is not checked yet: the reservation checks it, and an answer
     * given without one (a retried Request_Id's) checks it alone first.
     */
    session?: PendingSessionCheck;
  },
): Promise<StartedAnswer> {
  const { db, registry, meter, runs } = deps;

  // 1. Authorise, and read the question, the history and where the answer hangs in the tree; a
  // retried Request_Id finds its answer.
  const { inChat, chat, answered, question, history, parentId, questionId, storedImage } = await conversationFor(db, { userId, input });
  if (chat) {
    const again = existingAnswer(runs, chat.id, input.Request_Id, answered);
    if (again) {
      await session?.confirm();
      return again;
    }
  }

  // 2. Quota and model availability, before any image re-encoding or tool computation.
  registry.assertAvailable();
  const needsVision = Boolean(input.image ?? storedImage);
  const tool = findTool(question);
  let models: ModelClient[] = registry.proposers({ needsVision });
  let panel: PanelChoice | undefined;
  if (chat?.continueWith) models = continuedModels(chat, models);
  else if ((input.Mode ?? 'sangam') === 'sangam' && !needsVision && !tool && deps.panelFor) {
    const pick = await deps.panelFor({ prompt: question, available: models, log });
    if (pick) {
      models = pick.models;
      panel = {
        reason: pick.reason,
        models: pick.models.map((m) => m.id),
        ...(pick.category && { category: pick.category, asOf: pick.asOf ?? null }),
      };
    }
  }
  const estimate = estimateAnswerTokens({
    chars: question.length + history.reduce((n, h) => n + h.content.length, 0),
    proposers: proposerCalls(models),
    hasImage: needsVision,
  });
  // Admitted (or refused) here; the reservation's row may still be on its way to the database (`written`).
  const { reservation, written } = await meter.admit({
    userId,
    requestId: input.Request_Id,
    tokens: estimate,
    log,
    familyId: session?.familyId,
  });

  // 3. Prepare the tool and store the question, giving the reservation back if either fails.
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let ids: MessageIdsEvent | undefined;
  try {
    // Nothing costly (an image re-encoded, a tool's computation) runs before the reservation is in:
    // only the model calls of a plain question start while it is written.
    if (input.image || tool) await written;
    prepared = await prepare(input, question, tool, storedImage);
    if (inChat) {
      // A question is stored only under a reservation that is in the database (or, on PGlite, its journal).
      await written;
      ids = await deps.chats.storeQuestion({
        userId,
        chatId: input.Chat_Id,
        requestId: input.Request_Id,
        mode: input.Mode,
        originalPrompt: input.Original_Prompt,
        question,
        parentId,
        questionId,
        isNew: !chat,
        panel,
        image: input.image ? prepared.image : undefined,
      });
    }
  } catch (err) {
    meter.release(reservation);
    if (inChat && isUniqueViolation(err)) {
      // The same Request_Id raced in twice: the other request stored it.
      const stored = await findByRequest(db, { chatId: input.Chat_Id, requestId: input.Request_Id });
      const again = existingAnswer(runs, input.Chat_Id, input.Request_Id, stored);
      if (again) return again;
    }
    throw err;
  }

  // 4. The run: proposers -> fusion -> tool -> usage -> stored answer.
  const run = new AnswerRun(userId, input.Chat_Id, ids?.assistantMessageId ?? '');
  if (ids) {
    run.push({ event: 'message-ids', data: ids });
    runs.add(run, input.Request_Id);
  }
  if (panel) run.push({ event: 'panel', data: panel });
  const language = answerIn && answerLanguageFor({ setting: answerIn, question: prepared.prepared.user });
  void drive(deps, {
    run,
    reservation,
    written,
    input,
    history,
    models,
    prepared,
    ids,
    panel,
    streaming: streaming || Boolean(ids),
    log,
    language,
  });
  // Outside a chat the models are called while the reservation is written: the run is handed to the
  // route (nothing of it is shown or stored before) only once it is in the database; refused there,
  // or failed, the run is cancelled and the request answers with that error, as before any model.
  try {
    await written;
  } catch (err) {
    run.controller.abort(err);
    throw err;
  }
  return { run };
}

/** A retried Request_Id's answer: its run while it runs here, else its stored events to replay. */
function existingAnswer(
  runs: AnswerRuns,
  chatId: string,
  requestId: string,
  stored: Parameters<typeof storedAnswerEvents>[0] | undefined,
): StartedAnswer | undefined {
  const live = runs.byRequest(chatId, requestId);
  if (live) return { run: live };
  if (!stored) return undefined;
  const again = runs.get(stored.id);
  return again ? { run: again } : { replay: storedAnswerEvents(stored) };
}

async function prepare(input: ParsedAgentRequest, question: string, tool: ReturnType<typeof findTool>, storedImage?: StoredImage) {
  const image = input.image ? await sanitizeImage(input.image) : storedImage;
  const prepared = tool
    ? await tool.prepare({ prompt: question, hasImage: Boolean(image) })
    : { system: GENERAL_SYSTEM, user: question, facts: undefined as unknown };
  return { image, tool, prepared };
}

async function drive(
  { chats, registry, meter }: PipelineDeps,
  {
    run,
    reservation,
    written,
    history,
    models,
    prepared: { image, tool, prepared },
    ids,
    panel,
    streaming,
    log,
    language,
  }: {
    run: AnswerRun;
    reservation: Reservation;
    /** Resolves once the reservation is in the database (the answer is settled only after). */
    written: Promise<void>;
    input: ParsedAgentRequest;
    history: HistoryTurn[];
    models: ModelClient[];
    prepared: Awaited<ReturnType<typeof prepare>>;
    ids?: MessageIdsEvent;
    panel?: PanelChoice;
    streaming: boolean;
    log: FastifyBaseLogger;
    language?: QuestionLanguage;
  },
) {
  // A chat's answer is stopped at the cap (keeping its text); any other is cancelled.
  const cap = setTimeout(
    () => (ids ? run.stop('The answer reached the time limit.') : run.controller.abort(new Error('request time cap'))),
    REQUEST_CAP_MS,
  );
  cap.unref();
  const store = async (fields: Omit<FinishedAnswer, 'chatId' | 'id'>) => {
    if (!ids) return;
    try {
      await chats.finishAnswer({ chatId: ids.chatId, id: ids.assistantMessageId, ...fields });
    } catch (err) {
      log.error({ err }, 'storing the answer failed');
    }
  };
  try {
    const result = await generateAnswer({
      registry,
      models,
      system: prepared.system,
      question: prepared.user,
      history,
      image,
      signal: run.controller.signal,
      emit: streaming ? run.push : undefined,
      log,
      language,
    });
    const data = result.response.data;
    if (tool?.finalize && !result.stopped) {
      const checked = await tool.finalize({ answer: data.best_output, facts: prepared.facts });
      data.best_output = checked.answer;
      data.facts = checked.facts;
    } else if (prepared.facts !== undefined) {
      data.facts = prepared.facts;
    }
    await written;
    meter.settle(reservation, result.byModel);
    await store({
      content: data.best_output,
      status: result.stopped ? 'stopped' : 'done',
      answers: result.answers,
      facts: data.facts,
      analysis: data.analysis,
      cost: data.cost,
    });
    if (ids) result.response.ids = ids;
    if (panel) data.panel = panel;
    run.push({ event: 'final', data: result.response });
  } catch (err) {
    meter.release(reservation);
    const e = err instanceof AppError ? err : new AppError('INTERNAL', { cause: err });
    if (!(err instanceof AppError)) log.error({ err }, 'answer failed');
    await store({ content: '', status: 'failed', answers: err instanceof AllModelsFailed ? err.answers : [], facts: undefined });
    run.push({ event: 'error', data: { code: e.code, detail: e.detail } });
  } finally {
    clearTimeout(cap);
    run.finish();
  }
}
