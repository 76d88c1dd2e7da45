import type { OutgoingHttpHeaders } from 'node:http';
import type { AgentStreamEvent } from '@sangam/contracts';
import type { FastifyReply } from 'fastify';

/** Server-Sent Events written straight to the socket: each event is flushed the moment it exists. */
export function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(reply.request.id),
  });
  res.flushHeaders();
  // Events produced in the same turn of the event loop (a model's chunks that arrived together) go
  // out in one write: corked now, uncorked before any I/O is waited on, so nothing is held back.
  let corked = false;
  const uncork = () => {
    corked = false;
    res.uncork();
  };
  return {
    send: (e: AgentStreamEvent) => {
      if (res.writableEnded || res.destroyed) return;
      if (!corked) {
        corked = true;
        res.cork();
        process.nextTick(uncork);
      }
      res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    },
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}
export type EventStream = ReturnType<typeof openEventStream>;
