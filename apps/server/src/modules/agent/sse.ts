import type { AgentStreamEvent } from '@sangam/contracts';
import type { FastifyReply } from 'fastify';
import { startEventStream, turnWriter } from '@/lib/event-stream-head';

/** Server-Sent Events written straight to the socket: the first event of a turn of the event loop is flushed the moment it exists, the rest of the turn's together (turnWriter). */
export function openEventStream(reply: FastifyReply) {
  const res = startEventStream(reply);
  const writer = turnWriter(res);
  let sentAny = false;
  // A stream whose first event takes a while (the refiner's) still shows the client it is open.
  process.nextTick(() => {
    if (!sentAny && !res.writableEnded && !res.destroyed) res.flushHeaders();
  });
  return {
    /** Writes one event; `id` (its index in the answer's log) lets a client resume after it. */
    send: (e: AgentStreamEvent, id?: number) => {
      if (res.writableEnded || res.destroyed) return;
      sentAny = true;
      writer.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    },
    /** An SSE comment (ignored by clients): keeps a quiet stream open through proxies. */
    comment: (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      writer.write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
    },
    /** Whether the client is still there. */
    isOpen: () => !res.writableEnded && !res.destroyed,
    end: () => writer.end(),
  };
}
export type EventStream = ReturnType<typeof openEventStream>;
