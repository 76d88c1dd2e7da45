import type { AgentStreamEvent, ErrorCode } from '@sangam/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@/errors';
import type { StartedAnswer } from '@/modules/agent/answer-pipeline';
import { openEventStream } from '@/modules/agent/sse';

/** How often a stream waiting for an answer on another instance shows it is alive. */
const HEARTBEAT_MS = 5_000;

export const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** The error a run ended with, as an AppError (for the JSON form). */
export function runError(e: AgentStreamEvent | undefined): AppError | undefined {
  if (e?.event !== 'error') return undefined;
  return new AppError(e.data.code as ErrorCode, { detail: e.data.detail });
}

/**
 * The JSON and Server-Sent Events forms of an answer: both only follow the pipeline's run (or replay
 * a stored answer). A client going away stops following; it aborts only an answer kept nowhere.
 */
export async function adaptAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  started: StartedAnswer,
  {
    abortOnDisconnect = false,
    from = 0,
    stream = wantsStream(request),
    waitElsewhere,
  }: {
    abortOnDisconnect?: boolean;
    from?: number;
    stream?: boolean;
    /**
     * The answer runs on another instance: resolves with its stored events once it has finished (the
     * stream stays open meanwhile, with a comment every few seconds), or undefined if the client left.
     */
    waitElsewhere?: (isOpen: () => boolean) => Promise<AgentStreamEvent[] | undefined>;
  } = {},
) {
  const { run } = started;
  let replay = started.replay ?? [];
  if (!stream) {
    if (run) {
      const onClose = () => {
        if (abortOnDisconnect && !reply.raw.writableFinished) run.controller.abort(new Error('client disconnected'));
      };
      reply.raw.on('close', onClose);
      await run.done;
    }
    const last = run ? run.lastEvent() : replay.at(-1);
    const failed = runError(last);
    if (failed) throw failed;
    return reply.send(last?.event === 'final' ? last.data : {});
  }
  const sse = openEventStream(reply);
  if (!run) {
    if (waitElsewhere) {
      const heartbeat = setInterval(() => sse.comment('the answer is being generated'), HEARTBEAT_MS);
      try {
        replay = (await waitElsewhere(sse.isOpen)) ?? [];
      } finally {
        clearInterval(heartbeat);
      }
    }
    replay.forEach((e, i) => {
      if (i >= from) sse.send(e, i);
    });
    sse.end();
    return reply;
  }
  const stop = run.follow(from, sse.send, sse.end);
  reply.raw.on('close', () => {
    stop();
    if (abortOnDisconnect && !run.isFinished) run.controller.abort(new Error('client disconnected'));
  });
  return reply;
}
