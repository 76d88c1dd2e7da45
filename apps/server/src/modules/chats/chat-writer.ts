import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, runRaw } from '@/db/client';
import { AppError } from '@/errors';
import { createGroupCommit } from '@/lib/group-commit';
import { chatTitle, type FinishedAnswer, type QuestionToStore, storeQuestion } from '@/modules/chats/message-tree';

export type { FinishedAnswer } from '@/modules/chats/message-tree';

export type StoredQuestion = { chatId: string; userMessageId: string; assistantMessageId: string };

/** A Request_Id stored twice in one chat: the pipeline reads the other request's answer (as PostgreSQL's 23505). */
export class DuplicateRequest extends Error {
  readonly code = '23505';
}

/** Text PostgreSQL's jsonb refuses (NUL, a lone surrogate) would fail every write of the batch: made safe. */
const SUSPECT = /[\0\ud800-\udfff]/;
const UNSAFE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const safeText = (_key: string, value: unknown) =>
  typeof value === 'string' && SUSPECT.test(value) ? value.replace(UNSAFE, '\ufffd') : value;
const asJson = (items: Array<{ json: object }>) =>
  JSON.stringify(
    items.map((i) => i.json),
    safeText,
  );

const WRITE_CHATS = 'select item, outcome from sangam_write_chats($1::jsonb, $2::jsonb)';

type QuestionItem = { json: object; ids: StoredQuestion; done: (ids: StoredQuestion) => void; failed: (err: unknown) => void };
type FinishItem = { json: object; done: () => void; failed: (err: unknown) => void };
type Item = QuestionItem | FinishItem;

/**
 * The answer pipeline's chat writes as a group commit (`createGroupCommit`): the questions asked and
 * the answers finished in one turn of the event loop are written together by one call of
 * `sangam_write_chats` (migration 0013), one batch at a time; what arrives while a batch is written
 * goes in the next. Each caller awaits its own write, so a question is stored before its models are
 * called and an answer before it is acknowledged. A question with an image keeps the transaction of
 * `storeQuestion` (rare; the image is bytes the function does not take).
 */
export function createChatWriter({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  async function write(items: Item[]) {
    const qs = items.filter((i): i is QuestionItem => 'ids' in i);
    const fs = items.filter((i): i is FinishItem => !('ids' in i));
    try {
      const result = await runRaw<{ item: number; outcome: string }>(db, WRITE_CHATS, [asJson(qs), asJson(fs)]);
      const outcomes = new Map(result.rows.map((r) => [Number(r.item), r.outcome]));
      qs.forEach((q, i) => {
        const outcome = outcomes.get(i + 1);
        if (outcome === 'ok') q.done(q.ids);
        else if (outcome === 'duplicate') q.failed(new DuplicateRequest('request already stored'));
        else q.failed(new AppError('CHAT_NOT_FOUND'));
      });
      for (const f of fs) f.done();
    } catch (err) {
      log.error({ err, questions: qs.length, answers: fs.length }, 'writing chats failed');
      for (const item of items) item.failed(err);
    }
  }
  const batches = createGroupCommit<Item>({ write });

  return {
    /** Stores the question (unless regenerating) and the answer in progress; ids are chosen here. */
    storeQuestion(q: QuestionToStore): Promise<StoredQuestion> {
      if (q.image && !q.questionId) return storeQuestion(db, q);
      const now = new Date();
      const ids = { chatId: q.chatId, userMessageId: q.questionId ?? randomUUID(), assistantMessageId: randomUUID() };
      const mode = q.mode ?? 'sangam';
      const original = q.originalPrompt?.trim();
      const messages: object[] = [];
      if (!q.questionId)
        messages.push({
          id: ids.userMessageId,
          parent_id: q.parentId,
          role: 'user',
          content: original || q.question,
          refined_prompt: original && original !== q.question ? q.question : null,
          mode: q.mode ?? null,
          status: 'done',
          request_id: q.requestId,
          extra: null,
          created_at: now.toISOString(),
        });
      messages.push({
        id: ids.assistantMessageId,
        parent_id: ids.userMessageId,
        role: 'assistant',
        content: '',
        refined_prompt: q.question,
        mode: q.mode ?? null,
        status: 'streaming',
        request_id: q.requestId,
        extra: q.panel ? { panel: q.panel } : null,
        created_at: new Date(now.getTime() + 1).toISOString(),
      });
      const json = {
        chat_id: q.chatId,
        user_id: q.userId,
        leaf_id: ids.assistantMessageId,
        now: now.toISOString(),
        is_new: q.isNew,
        title: chatTitle(mode, now),
        mode,
        original_prompt: q.originalPrompt ?? q.question,
        messages,
      };
      return new Promise((done, failed) => batches.add({ json, ids, done, failed }));
    },
    /** Stores an answer's final state and makes its chat recent. */
    finishAnswer(a: FinishedAnswer): Promise<void> {
      const json = {
        id: a.id,
        chat_id: a.chatId,
        content: a.content,
        status: a.status,
        answers: a.answers,
        facts: a.facts === undefined ? null : a.facts,
        analysis: a.analysis ?? null,
        cost: a.cost ?? null,
      };
      return new Promise((done, failed) => batches.add({ json, done, failed }));
    },
    /** Resolves once nothing is waiting or being written (shutdown). */
    drain: batches.drain,
  };
}
export type ChatWriter = ReturnType<typeof createChatWriter>;
