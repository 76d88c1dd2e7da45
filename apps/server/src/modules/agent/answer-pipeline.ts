import { randomUUID } from 'node:crypto';
import type {
  AgentStreamEvent,
  AnswerCost,
  AnswerResponse,
  ErrorCode,
  FusionAnalysis,
  MessageIdsEvent,
  ModelAnswer,
  PanelChoice,
  SupportingAnswer,
} from '@sangam/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client';
import { conversations, messageImages, messages } from '@/db/schema';
import { AppError } from '@/errors';
import type { ModelClient } from '@/lib/llm/model-client';
import { GENERAL_SYSTEM } from '@/modules/agent/agent-prompts';
import type { HistoryTurn, ParsedAgentRequest } from '@/modules/agent/agent-request';
import { AllModelsFailed, estimateAnswerTokens, generateAnswer, proposalsOf } from '@/modules/agent/answer.service';
import { AnswerRun, type AnswerRuns } from '@/modules/agent/answer-runs';
import { sanitizeImage } from '@/modules/agent/image-check';
import {
  chatMessages,
  findByRequest,
  findChat,
  findOwnedChat,
  finishAssistantMessage,
  panelOf,
  pathTo,
} from '@/modules/chats/chats.queries';
import type { ModelRegistry } from '@/modules/models/model-registry';
import { findTool } from '@/modules/tools/tool-registry';
import type { Reservation } from '@/modules/usage/usage.service';
import type { UsageMeter } from '@/modules/usage/usage-meter';

/** Any answer is capped at 300 s. */
export const REQUEST_CAP_MS = 300_000;
/** The history sent to the models: at most this many turns and characters (the most recent ones). */
const HISTORY_MAX_TURNS = 40;
const HISTORY_MAX_CHARS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only a UUID names a chat the server keeps; any other Chat_Id (the tools' short random strings) keeps nothing. */
export const isChatId = (id: string) => UUID.test(id);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** docs/spec-rules.md (decisions): "Sangam Chat - {date}" / "Universe Chat - {date}", e.g. "Sangam Chat - 22 Nov 2026". */
export function chatTitle(mode: string, now: Date) {
  const date = `${now.getUTCDate()} ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  return `${mode === 'universe' ? 'Universe' : 'Sangam'} Chat - ${date}`;
}

/** Sangam mode's panel when it follows the arena's votes (issue 16): the proposers and why, or null. */
export type PanelFor = (args: { prompt: string; available: ModelClient[]; log: FastifyBaseLogger }) => Promise<PanelPick | null>;
type PanelPick = { models: ModelClient[]; reason: string };

/** The proposer calls of an answer: each model's samples counted. */
export const proposerCalls = (models: ModelClient[]) => proposalsOf(models).length;

export type PipelineDeps = { db: Db; registry: ModelRegistry; meter: UsageMeter; runs: AnswerRuns; panelFor?: PanelFor };

/** What `startAnswer` gives the route: a run to follow, or a stored answer to replay (a retried Request_Id). */
export type StartedAnswer = { run: AnswerRun; replay?: undefined } | { run?: undefined; replay: AgentStreamEvent[] };

type Row = typeof messages.$inferSelect;

/** A row's path as model history: the prompt that was sent for a question, the fused answer for an answer. */
export function historyOf(path: Row[]): HistoryTurn[] {
  const turns: HistoryTurn[] = path
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content.trim()))
    .map((m) => ({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      content: m.role === 'user' ? (m.refinedPrompt ?? m.content) : m.content,
    }));
  const out: HistoryTurn[] = [];
  let chars = 0;
  for (const t of turns.reverse()) {
    if (out.length >= HISTORY_MAX_TURNS || chars + t.content.length > HISTORY_MAX_CHARS) break;
    chars += t.content.length;
    out.unshift(t);
  }
  // Models expect a conversation to start with the user.
  while (out[0]?.role === 'assistant') out.shift();
  return out;
}

/** The recent turns of a chat of the user (its active path), for the prompt refiner. */
export async function chatContext(db: Db, { userId, chatId }: { userId: string; chatId: string }): Promise<HistoryTurn[]> {
  if (!isChatId(chatId)) return [];
  const chat = await findOwnedChat(db, { userId, chatId });
  if (!chat) return [];
  const rows = await chatMessages(db, chat.id);
  return historyOf(pathTo(rows, chat.activeLeafId ?? rows.at(-1)?.id)).slice(-6);
}

/** The events that replay a stored answer: its ids, each model's outcome, then `final` (or `error`). */
export function storedAnswerEvents(row: Row): AgentStreamEvent[] {
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

function storedResponse(row: Row, answers: ModelAnswer[]): AnswerResponse {
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
  }: {
    userId: string;
    input: ParsedAgentRequest;
    log: FastifyBaseLogger;
    /** The caller asked for Server-Sent Events (models are streamed); a chat's answer always streams. */
    streaming: boolean;
  },
): Promise<StartedAnswer> {
  const { db, registry, meter, runs } = deps;

  // 1. Authorise: the chat must be the user's (or a fresh id); a retried Request_Id finds its answer.
  const inChat = isChatId(input.Chat_Id);
  // One read tells a chat of the user from another user's (404) and from a fresh id.
  const found = inChat ? await findChat(db, input.Chat_Id) : undefined;
  if (found && found.userId !== userId) throw new AppError('CHAT_NOT_FOUND');
  const chat = found;
  if (inChat && !chat && (input.Parent_Id || input.Regenerate_Id)) throw new AppError('MESSAGE_NOT_FOUND');
  if (chat) {
    const again = await existingAnswer(deps, chat.id, input.Request_Id);
    if (again) return again;
  }

  // The question, the history and where the answer hangs in the tree.
  let question = input.Prompt;
  let history = input.history;
  let parentId: string | null = null;
  let questionId: string | undefined;
  /** A regenerated question's image, as stored when it was asked. */
  let storedImage: StoredImage | undefined;
  if (chat) {
    const rows = await chatMessages(db, chat.id);
    const byId = new Map(rows.map((m) => [m.id, m]));
    if (input.Regenerate_Id) {
      const target = byId.get(input.Regenerate_Id);
      const asked = target?.parentId ? byId.get(target.parentId) : undefined;
      if (target?.role !== 'assistant' || !asked || asked.role !== 'user') throw new AppError('MESSAGE_NOT_FOUND');
      questionId = asked.id;
      storedImage = await questionImage(db, asked.id);
      question = asked.refinedPrompt ?? asked.content;
      history = historyOf(pathTo(rows, asked.parentId));
    } else {
      if (input.Parent_Id && input.Parent_Id !== 'root' && !byId.has(input.Parent_Id)) throw new AppError('MESSAGE_NOT_FOUND');
      parentId =
        input.Parent_Id === 'root'
          ? null
          : (input.Parent_Id ?? (chat.activeLeafId && byId.has(chat.activeLeafId) ? chat.activeLeafId : null));
      history = historyOf(pathTo(rows, parentId));
    }
  } else if (inChat) history = [];

  // 2. Quota and model availability, before any image re-encoding or tool computation.
  registry.assertAvailable();
  const needsVision = Boolean(input.image ?? storedImage);
  let models: ModelClient[] = registry.proposers({ needsVision });
  let panel: PanelChoice | undefined;
  if (chat?.continueWith) {
    const only = models.filter((m) => m.id === chat.continueWith);
    if (only.length) models = only;
  } else if ((input.Mode ?? 'sangam') === 'sangam' && !needsVision && !findTool(question) && deps.panelFor) {
    const pick = await deps.panelFor({ prompt: question, available: models, log });
    if (pick) {
      models = pick.models;
      panel = { reason: pick.reason, models: pick.models.map((m) => m.id) };
    }
  }
  const estimate = estimateAnswerTokens({
    chars: question.length + history.reduce((n, h) => n + h.content.length, 0),
    proposers: proposerCalls(models),
    hasImage: needsVision,
  });
  const reservation = await meter.reserve({ userId, requestId: input.Request_Id, tokens: estimate, log });

  // 3. Prepare the tool and store the question, giving the reservation back if either fails.
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let ids: MessageIdsEvent | undefined;
  try {
    prepared = await prepare(input, question, storedImage);
    if (inChat)
      ids = await storeQuestion(db, {
        userId,
        chatId: input.Chat_Id,
        input,
        question,
        parentId,
        questionId,
        isNew: !chat,
        panel,
        image: input.image ? prepared.image : undefined,
      });
  } catch (err) {
    meter.release(reservation);
    if (inChat && isUniqueViolation(err)) {
      // The same Request_Id raced in twice: the other request stored it.
      const again = await existingAnswer(deps, input.Chat_Id, input.Request_Id);
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
  void drive(deps, { run, reservation, input, history, models, prepared, ids, panel, streaming: streaming || Boolean(ids), log });
  return { run };
}

async function existingAnswer(deps: PipelineDeps, chatId: string, requestId: string): Promise<StartedAnswer | undefined> {
  const live = deps.runs.byRequest(chatId, requestId);
  if (live) return { run: live };
  const stored = await findByRequest(deps.db, { chatId, requestId });
  if (!stored) return undefined;
  const again = deps.runs.get(stored.id);
  return again ? { run: again } : { replay: storedAnswerEvents(stored) };
}

type StoredImage = { data: Buffer; mediaType: string };

/** The image stored with a question, if any (re-encoded when it was asked: used as is). */
async function questionImage(db: Db, messageId: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(messageImages).where(eq(messageImages.messageId, messageId)).limit(1);
  return row ? { data: row.data, mediaType: row.mediaType } : undefined;
}

async function prepare(input: ParsedAgentRequest, question: string, storedImage?: StoredImage) {
  const image = input.image ? await sanitizeImage(input.image) : storedImage;
  const tool = findTool(question);
  const prepared = tool
    ? await tool.prepare({ prompt: question, hasImage: Boolean(image) })
    : { system: GENERAL_SYSTEM, user: question, facts: undefined as unknown };
  return { image, tool, prepared };
}

/** Stores the user's question (unless regenerating) and the assistant's message in progress, in one transaction. */
async function storeQuestion(
  db: Db,
  {
    userId,
    chatId,
    input,
    question,
    parentId,
    questionId,
    isNew,
    panel,
    image,
  }: {
    userId: string;
    chatId: string;
    input: ParsedAgentRequest;
    question: string;
    parentId: string | null;
    questionId?: string;
    isNew: boolean;
    panel?: PanelChoice;
    /** The question's image, re-encoded, kept for regenerate and for the thread. */
    image?: StoredImage;
  },
): Promise<MessageIdsEvent> {
  // The ids are made here, so that a new chat is written with its active leaf and both messages go
  // in one statement: three statements in the transaction instead of five.
  const assistantMessageId = randomUUID();
  return db.transaction(async (tx) => {
    const now = new Date();
    let leafSet = false;
    if (isNew) {
      const created = await tx
        .insert(conversations)
        .values({
          id: chatId,
          userId,
          title: chatTitle(input.Mode ?? 'sangam', now),
          mode: input.Mode ?? 'sangam',
          originalPrompt: input.Original_Prompt ?? question,
          activeLeafId: assistantMessageId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      leafSet = created.length > 0;
      if (!leafSet) {
        const [owned] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, chatId), eq(conversations.userId, userId)));
        if (!owned) throw new AppError('CHAT_NOT_FOUND');
      }
    }
    const userMessageId = questionId ?? randomUUID();
    const original = input.Original_Prompt?.trim();
    const rows: Array<typeof messages.$inferInsert> = [];
    if (!questionId)
      rows.push({
        id: userMessageId,
        conversationId: chatId,
        parentId,
        role: 'user',
        content: original || question,
        refinedPrompt: original && original !== question ? question : null,
        mode: input.Mode ?? null,
        status: 'done',
        requestId: input.Request_Id,
        createdAt: now,
      });
    rows.push({
      id: assistantMessageId,
      conversationId: chatId,
      parentId: userMessageId,
      role: 'assistant',
      content: '',
      mode: input.Mode ?? null,
      refinedPrompt: question,
      status: 'streaming',
      requestId: input.Request_Id,
      extra: panel ? { panel } : null,
      createdAt: new Date(now.getTime() + 1),
    });
    await tx.insert(messages).values(rows);
    if (image && !questionId)
      await tx.insert(messageImages).values({ messageId: userMessageId, mediaType: image.mediaType, data: image.data });
    if (!leafSet)
      await tx.update(conversations).set({ activeLeafId: assistantMessageId, updatedAt: now }).where(eq(conversations.id, chatId));
    return { chatId, userMessageId, assistantMessageId };
  });
}

async function drive(
  { db, registry, meter }: PipelineDeps,
  {
    run,
    reservation,
    history,
    models,
    prepared: { image, tool, prepared },
    ids,
    panel,
    streaming,
    log,
  }: {
    run: AnswerRun;
    reservation: Reservation;
    input: ParsedAgentRequest;
    history: HistoryTurn[];
    models: ModelClient[];
    prepared: Awaited<ReturnType<typeof prepare>>;
    ids?: MessageIdsEvent;
    panel?: PanelChoice;
    streaming: boolean;
    log: FastifyBaseLogger;
  },
) {
  // A chat's answer is stopped at the cap (keeping its text); any other is cancelled.
  const cap = setTimeout(
    () => (ids ? run.stop('The answer reached the time limit.') : run.controller.abort(new Error('request time cap'))),
    REQUEST_CAP_MS,
  );
  cap.unref();
  const store = async (fields: Omit<Parameters<typeof finishAssistantMessage>[1], 'chatId' | 'id'>) => {
    if (!ids) return;
    try {
      await finishAssistantMessage(db, { chatId: ids.chatId, id: ids.assistantMessageId, ...fields });
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
    });
    const data = result.response.data;
    if (tool?.finalize && !result.stopped) {
      const checked = await tool.finalize({ answer: data.best_output, facts: prepared.facts });
      data.best_output = checked.answer;
      data.facts = checked.facts;
    } else if (prepared.facts !== undefined) {
      data.facts = prepared.facts;
    }
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

/** The error a run ended with, as an AppError (for the JSON form). */
export function runError(e: AgentStreamEvent | undefined): AppError | undefined {
  if (e?.event !== 'error') return undefined;
  return new AppError(e.data.code as ErrorCode, { detail: e.data.detail });
}
